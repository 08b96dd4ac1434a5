import GRDB

extension VaultDatabase {
    /// How often ``notifyChangesOfOtherConnections()`` looks for changes of
    /// other connections: a change by the command line shows within this time.
    static let otherConnectionsInterval: Duration = .milliseconds(200)

    /// Until its task is cancelled, tells this database's observations
    /// (GRDB's `ValueObservation`, which sees the changes of its own
    /// connection only) when another connection, in this process or another,
    /// committed a change: SQLite's `PRAGMA data_version`, read on the
    /// writing connection, moves then and only then. A failure to read it is
    /// recorded and the watch goes on. Its first look notifies too, for
    /// what another connection committed before the watch began.
    func notifyChangesOfOtherConnections() async {
        var seen: Int?
        while !Task.isCancelled {
            do {
                let version = try await writer.writeWithoutTransaction { db in
                    try Int.fetchOne(db, sql: "PRAGMA data_version")
                }
                if seen == nil || version != seen {
                    try await writer.write { db in try db.notifyChanges(in: Table(AccountRecord.databaseTableName)) }
                }
                seen = version
            } catch {
                _ = fizzle(for: error, operation: "Watching the vault for other connections' changes")
            }
            try? await Task.sleep(for: Self.otherConnectionsInterval)
        }
    }
}
