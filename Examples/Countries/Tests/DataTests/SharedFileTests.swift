import CountriesData
import CountriesDomain
import Foundation
import GRDB
import Keel
import KeelTesting
import Testing

@Suite("Two workers on one file, and a refresh that replaces the list", .timeLimit(.minutes(1)))
struct SharedFileTests {
    let logbook = MemoryLogbook()

    @Test("two workers (two processes, or an app and its extension) read and write one file at once without failing")
    func concurrentWorkers() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let countries = (0..<60).map { country(String(format: "C%02d", $0), "Country \($0)") }
        // Workers are opened while others write: opening waits for the lock too.
        defer { #expect(logbook.entries.isEmpty, "\(logbook.entries)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
                    for round in 0..<15 {
                        let slice = Array(countries[(worker * 15)..<(worker * 15 + round + 1)])
                        try await database.save(slice)
                        _ = try await database.countries()
                        _ = try await database.search("country")
                    }
                }
            }
            try await group.waitForAll()
        }
        let reopened = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
        #expect(try await reopened.countries().count == 60)
    }

    @Test("replacing keeps exactly the countries given: a dropped one goes, a renamed code is not listed twice")
    func replaceAll() async throws {
        let database = try CountryDatabaseWorker(inMemoryNamed: nil, logbook: logbook)
        try await database.save([country("XKX", "Kosovo"), country("FRA", "France"), country("DEU", "Germany")])
        try await database.replaceAll(with: [country("UNK", "Kosovo"), country("FRA", "France")])
        #expect(try await database.countries().map(\.code) == ["FRA", "UNK"])
        #expect(try await database.search("kosovo") == ["UNK"])
    }

    @Test("a replacement that fails changes nothing: it is one transaction")
    func replaceIsAtomic() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
        try await database.save([country("FRA", "France"), country("DEU", "Germany")])
        // A trigger makes the insert of one country fail halfway through the replacement.
        let queue = try DatabaseQueue(path: folder.databaseFile.path)
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse BEFORE INSERT ON country WHEN NEW.code = 'BAD'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        await #expect(throws: CountryFizzle.storageFailed) {
            try await database.replaceAll(with: [country("ITA", "Italy"), country("BAD", "Nowhere")])
        }
        #expect(try await database.countries().map(\.code) == ["FRA", "DEU"])
        #expect(logbook.entries.count == 1)
    }

    @Test("a database of schema v2, keyed by SQLite's lower(), is migrated to the one name order")
    func migratesSortKeys() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A v2 database as the app wrote it: v2's migration keyed names with lower().
        let queue = try DatabaseQueue(path: folder.databaseFile.path)
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: country'), ('v2: sort key');
                CREATE TABLE country (
                    code TEXT PRIMARY KEY, alpha2 TEXT NOT NULL, commonName TEXT NOT NULL, officialName TEXT NOT NULL,
                    nativeNames TEXT NOT NULL, translations TEXT NOT NULL, region TEXT NOT NULL, subregion TEXT,
                    capitals TEXT NOT NULL, population INTEGER NOT NULL, area DOUBLE, currencies TEXT NOT NULL,
                    languages TEXT NOT NULL, borders TEXT NOT NULL, flag TEXT NOT NULL, searchText TEXT NOT NULL,
                    sortKey TEXT NOT NULL DEFAULT '');
                CREATE INDEX country_on_sortKey ON country(sortKey);
                """)
            for (code, name) in [("ZWE", "Zimbabwe"), ("ALA", "Åland Islands"), ("AFG", "Afghanistan")] {
                try db.execute(sql: """
                    INSERT INTO country VALUES (?, 'XX', ?, ?, '{}', '{}', 'Europe', NULL, '[]', 1, NULL, '[]', '[]', '[]', '', ?, lower(?))
                    """, arguments: [code, name, name, name.lowercased(), name])
            }
        }
        try queue.close()
        let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
        #expect(try await database.countries().map(\.code) == ["AFG", "ALA", "ZWE"])
    }
}
