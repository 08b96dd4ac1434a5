import CountriesData
import CountriesDomain
import Foundation
import GRDB
import Keel
import KeelTesting
import Testing

/// What opening a database file finds before anything is written: a file of
/// a newer version is refused, a damaged one is set aside exactly as it was.
@Suite("Opening a database file checks it before writing", .timeLimit(.minutes(1)))
struct DatabaseFileCheckTests {
    let logbook = MemoryLogbook()

    /// The migrations this version records, in order.
    static let known = ["v1: country", "v2: sort key", "v3: sort key in name order"]

    /// A database made by this version, holding two countries, closed.
    static func makeCurrentDatabase(in folder: TemporaryFolder) async throws {
        let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: SilentLogbook())
        try await database.save([country("KOR", "South Korea"), country("JPN", "Japan")])
    }

    /// A database made by this version, then changed by `edit` through a
    /// connection in rollback-journal mode (one file, no WAL beside it).
    static func makeDatabase(in folder: TemporaryFolder, edit: @escaping @Sendable (Database) throws -> Void) async throws {
        try await makeCurrentDatabase(in: folder)
        let queue = try DatabaseQueue(path: folder.databaseFile.path)
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            try db.inTransaction {
                try edit(db)
                return .commit
            }
        }
        try queue.close()
    }

    /// The bytes of every file in `folder` whose name starts with the database's.
    static func databaseBytes(_ folder: TemporaryFolder, suffixes: [String] = ["", "-wal"]) -> [String: Data] {
        var bytes: [String: Data] = [:]
        for suffix in suffixes {
            if let data = FileManager.default.contents(atPath: folder.databaseFile.path + suffix) {
                bytes[suffix] = data
            }
        }
        return bytes
    }

    // MARK: A newer version's file

    @Test("a file a newer version wrote (a migration this version does not know, and its table) is refused and left byte for byte", arguments: [
        ["v99"], ["v4.1"], ["v4: visits", "v5: notes"],
    ])
    func newerIsRefused(newer: [String]) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await Self.makeCurrentDatabase(in: folder)
        // The newer version is still running: its last writes are in the WAL.
        let newerVersion = try DatabaseQueue(path: folder.databaseFile.path)
        try await newerVersion.write { db in
            try db.execute(sql: "CREATE TABLE visit (code TEXT NOT NULL, at TEXT NOT NULL)")
            for identifier in newer {
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier])
            }
        }
        let before = Self.databaseBytes(folder)
        #expect(before["-wal"]?.isEmpty == false)

        #expect(throws: CountryFizzle.newerDatabase) {
            _ = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
        }

        #expect(Self.databaseBytes(folder) == before)
        #expect(!folder.contents.contains { $0.contains("corrupt") })
        #expect(logbook.entries.contains { newer.allSatisfy($0.error.contains) })
        // Its countries are still there for the newer version.
        let codes = try await newerVersion.read { db in try String.fetchAll(db, sql: "SELECT code FROM country ORDER BY code") }
        #expect(codes == ["JPN", "KOR"])
        try newerVersion.close()
    }

    @Test("a newer version's file closed cleanly (no WAL) is refused too, and every later start as well")
    func newerClosedIsRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await Self.makeDatabase(in: folder) { db in
            try db.execute(sql: "CREATE TABLE visit (code TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v4.1')")
        }
        let before = Self.databaseBytes(folder, suffixes: ["", "-wal", "-shm", "-journal"])

        for _ in 0..<2 {
            #expect(throws: CountryFizzle.newerDatabase) {
                _ = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
            }
        }
        #expect(Self.databaseBytes(folder, suffixes: ["", "-wal", "-shm", "-journal"]) == before)
    }

    // MARK: Damage

    /// Files whose record of migrations does not fit their tables, or that are no database at all.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case wrongSchema, tablesWithoutRecord, gap, unknownBeforeKnown, unknownWithoutAllKnown, missingColumn, damagedPages, garbage
        var testDescription: String { rawValue }
    }

    static func makeDamaged(_ damage: Damage, in folder: TemporaryFolder) async throws {
        switch damage {
        case .wrongSchema:
            // Valid SQLite, recording this version's migrations over tables of another app.
            try await makeDatabase(in: folder) { db in
                try db.execute(sql: "DROP TABLE country")
                try db.execute(sql: "CREATE TABLE country (id INTEGER PRIMARY KEY, label TEXT)")
            }
        case .tablesWithoutRecord:
            try await makeDatabase(in: folder) { db in try db.execute(sql: "DROP TABLE grdb_migrations") }
        case .gap:
            try await makeDatabase(in: folder) { db in
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2: sort key'")
            }
        case .unknownBeforeKnown:
            try await makeDatabase(in: folder) { db in
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3: sort key in name order'")
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v3: sort key in name order')")
            }
        case .unknownWithoutAllKnown:
            try await makeDatabase(in: folder) { db in
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3: sort key in name order'")
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
            }
        case .missingColumn:
            try await makeDatabase(in: folder) { db in
                try db.execute(sql: "DROP INDEX country_on_sortKey")
                try db.execute(sql: "ALTER TABLE country DROP COLUMN sortKey")
            }
        case .damagedPages:
            try await makeDatabase(in: folder) { db in
                try db.execute(sql: "CREATE TABLE filler (text TEXT)")
                for index in 0..<200 {
                    try db.execute(sql: "INSERT INTO filler VALUES (?)", arguments: [String(repeating: "\(index)", count: 200)])
                }
            }
            let handle = try FileHandle(forWritingTo: folder.databaseFile)
            try handle.seek(toOffset: 4096)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
            try handle.close()
        case .garbage:
            let garbage = Data("this is not a database, but it may be someone's data".utf8) + Data(repeating: 7, count: 8192)
            try garbage.write(to: folder.databaseFile)
        }
    }

    @Test("a damaged file is set aside byte for byte as it was found, and a new database is started", arguments: Damage.allCases)
    func damagedIsSetAsideUnchanged(damage: Damage) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try await Self.makeDamaged(damage, in: folder)
        let found = try Data(contentsOf: folder.databaseFile)
        #expect(!FileManager.default.fileExists(atPath: folder.databaseFile.path + "-wal"))

        let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)

        #expect(try await database.isEmpty())
        try await database.save([country("KOR", "South Korea")])
        #expect(try await database.countries().map(\.code) == ["KOR"])
        let aside = try #require(folder.contents.first { $0.hasPrefix("countries.sqlite.corrupt-") && !$0.hasSuffix("-wal") })
        #expect(try Data(contentsOf: folder.url.appendingPathComponent(aside)) == found)
        #expect(!folder.contents.contains { $0.hasPrefix("countries.sqlite.corrupt-") && $0.hasSuffix("-wal") })
        #expect(logbook.entries.contains { $0.error.contains("was moved to") })
    }

    @Test("a database of an earlier version (its first migrations only) is migrated, not set aside")
    func earlierVersionIsMigrated() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let queue = try DatabaseQueue(path: folder.databaseFile.path)
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: country');
                CREATE TABLE country (
                    code TEXT PRIMARY KEY, alpha2 TEXT NOT NULL, commonName TEXT NOT NULL, officialName TEXT NOT NULL,
                    nativeNames TEXT NOT NULL, translations TEXT NOT NULL, region TEXT NOT NULL, subregion TEXT,
                    capitals TEXT NOT NULL, population INTEGER NOT NULL, area DOUBLE, currencies TEXT NOT NULL,
                    languages TEXT NOT NULL, borders TEXT NOT NULL, flag TEXT NOT NULL, searchText TEXT NOT NULL);
                INSERT INTO country VALUES ('ALA', 'AX', 'Åland Islands', 'Åland Islands', '{}', '{}', 'Europe', NULL,
                    '[]', 1, NULL, '[]', '[]', '[]', '', 'aland');
                """)
        }
        try queue.close()

        let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)

        #expect(try await database.countries().map(\.code) == ["ALA"])
        #expect(!folder.contents.contains { $0.contains("corrupt") })
        #expect(logbook.entries.isEmpty)
        let migrations = try await DatabaseQueue(path: folder.databaseFile.path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        #expect(migrations == Self.known)
    }
}
