import Foundation
import GRDB

/// Lets one connection at a time, in this process or in another, set up a
/// vault file: open it, switch a new file to WAL, check it, set a damaged one
/// aside and run the migrations.
///
/// Why: once set up, connections share the file through SQLite's own locks
/// and the busy timeout (GRDB opens every write as an IMMEDIATE transaction,
/// so a writer waits for the lock instead of failing half-way). Setting up is
/// the exception: SQLite answers "database is locked" at once, without calling
/// the busy handler, to a second connection that switches a new file to WAL;
/// and GRDB's migrator reads which migrations ran before it runs each one in
/// its own transaction, so two connections could both run `v1` ("table
/// already exists").
///
/// How: an EXCLUSIVE transaction on a companion SQLite file beside the vault
/// (`vault.sqlite.setup-lock`, which stays empty). SQLite's file locks make it
/// exclusive between connections of one process and between processes, and
/// its busy timeout makes the next connection wait — no platform lock API.
enum VaultSetupLock {
    /// The suffix of the lock's file beside the vault's.
    static let suffix = ".setup-lock"

    /// The transaction ended without running the body (GRDB never does that).
    struct NotRun: Error, CustomStringConvertible {
        var description: String { "the setup lock's transaction did not run its body" }
    }

    /// Runs `body` while holding the setup lock of the vault `file`, waiting
    /// `timeout` seconds at most for another connection to release it.
    static func withLock<Value>(beside file: URL, timeout: TimeInterval, _ body: () throws -> Value) throws -> Value {
        var configuration = Configuration()
        configuration.busyMode = .timeout(timeout)
        let lock = try DatabaseQueue(path: file.path + suffix, configuration: configuration)
        return try lock.writeWithoutTransaction { db in
            var value: Value?
            // Nothing is written: the transaction exists for its lock only.
            try db.inTransaction(.exclusive) {
                value = try body()
                return .commit
            }
            guard let value else { throw NotRun() }
            return value
        }
    }
}
