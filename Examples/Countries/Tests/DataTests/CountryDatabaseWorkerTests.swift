import CountriesData
import CountriesDomain
import Foundation
import GRDB
import Keel
import KeelTesting
import Testing

@Suite("CountryDatabaseWorker keeps countries in a real SQLite file", .timeLimit(.minutes(1)))
struct CountryDatabaseWorkerTests {
    let logbook = MemoryLogbook()

    @Test("an empty file is migrated and starts empty")
    func migratesEmptyFile() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = FileManager.default.createFile(atPath: folder.databaseFile.path, contents: Data())

        let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)

        #expect(try await database.isEmpty())
        #expect(try await database.countries().isEmpty)
        let migrations = try await DatabaseQueue(path: folder.databaseFile.path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        #expect(migrations == ["v1: country", "v2: sort key", "v3: sort key in name order"])
        #expect(logbook.entries.isEmpty)
    }

    @Test("a read or write cancelled with its task fails without logging a developer error: cancelling is not a fault")
    func cancellationIsNotLogged() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
        try await database.save([country("KOR", "South Korea")])

        let failures = await Task { () async -> [CountryFizzle?] in
            withUnsafeCurrentTask { $0?.cancel() }
            var failures: [CountryFizzle?] = []
            do throws(CountryFizzle) { _ = try await database.country(code: "KOR"); failures.append(nil) } catch { failures.append(error) }
            do throws(CountryFizzle) { _ = try await database.countries(); failures.append(nil) } catch { failures.append(error) }
            do throws(CountryFizzle) { try await database.save([country("JPN", "Japan")]); failures.append(nil) } catch { failures.append(error) }
            do throws(CountryFizzle) { try await database.replaceAll(with: []); failures.append(nil) } catch { failures.append(error) }
            return failures
        }.value

        #expect(failures == [.storageFailed, .storageFailed, .storageFailed, .storageFailed])
        #expect(logbook.entries.map(\.description) == [])
        #expect(try await database.countries().map(\.code) == ["KOR"])
    }

    @Test("a missing folder is created")
    func createsFolder() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("nested/deeper/countries.sqlite")
        let database = try CountryDatabaseWorker(file: file, logbook: logbook)
        try await database.save([country("JPN", "Japan")])
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("saving twice is idempotent, and a second save replaces by code")
    func upsertIsIdempotent() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
        let countries = [country("JPN", "Japan"), country("FRA", "France")]

        try await database.save(countries)
        try await database.save(countries)
        #expect(try await database.countries().map(\.code) == ["FRA", "JPN"])

        var renamed = countries[0]
        renamed.population = 123
        try await database.save([renamed])
        #expect(try await database.countries().count == 2)
        #expect(try await database.country(code: "jpn")?.population == 123)
    }

    @Test("every field survives a round trip, and the data survives reopening")
    func roundTrip() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let korea = Country(
            code: "KOR", alpha2: "KR", name: .init(common: "South Korea", official: "Republic of Korea"),
            nativeNames: ["kor": .init(common: "한국", official: "대한민국")],
            translations: ["deu": .init(common: "Südkorea", official: "Republik Korea")],
            region: "Asia", subregion: "Eastern Asia", capitals: ["Seoul"], population: 51_159_889, area: 100_210,
            currencies: [Currency(code: "KRW", name: "South Korean won", symbol: "₩")],
            languages: [Language(code: "kor", name: "Korean")], borders: ["PRK"], flag: "🇰🇷")
        try await CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook).save([korea])

        let reopened = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
        #expect(try await reopened.country(code: "KOR") == korea)
        #expect(try await reopened.country(code: "PRK") == nil)
    }

    @Test("countries by codes come in the order asked, unknown codes left out")
    func countriesByCodes() async throws {
        let database = try CountryDatabaseWorker(inMemoryNamed: nil, logbook: logbook)
        try await database.save([country("AUT", "Austria"), country("CHE", "Switzerland"), country("DEU", "Germany")])
        #expect(try await database.countries(codes: ["DEU", "XXX", "aut"]).map(\.code) == ["DEU", "AUT"])
        #expect(try await database.countries(codes: []).isEmpty)
    }

    @Test("the list is ordered by English name without case or accents")
    func ordering() async throws {
        let database = try CountryDatabaseWorker(inMemoryNamed: nil, logbook: logbook)
        try await database.save([country("ZWE", "Zimbabwe"), country("ALA", "Åland Islands"), country("AFG", "Afghanistan"), country("BEL", "belgium")])
        #expect(try await database.countries().map(\.code) == ["AFG", "ALA", "BEL", "ZWE"])
    }

    @Test("in-memory workers with one name share a database; unnamed ones do not")
    func inMemorySharing() async throws {
        let name = "shared-\(UUID().uuidString)"
        let first = try CountryDatabaseWorker(inMemoryNamed: name, logbook: logbook)
        let second = try CountryDatabaseWorker(inMemoryNamed: name, logbook: logbook)
        try await first.save([country("JPN", "Japan")])
        #expect(try await second.country(code: "JPN") != nil)
        #expect(try await CountryDatabaseWorker(inMemoryNamed: nil, logbook: logbook).isEmpty())
    }

    @Test("a file that is not a database is set aside, kept, and replaced by an empty one")
    func corruptFileRecovery() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let garbage = Data("this is not a database, but it may be someone's data".utf8) + Data(repeating: 7, count: 8192)
        try garbage.write(to: folder.databaseFile)

        let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)

        #expect(try await database.isEmpty())
        try await database.save([country("JPN", "Japan")])
        let aside = try #require(folder.contents.first { $0.hasPrefix("countries.sqlite.corrupt-") })
        #expect(try Data(contentsOf: folder.url.appendingPathComponent(aside)) == garbage)
        #expect(logbook.entries.contains { $0.error.contains("was moved to") })
    }

    @Test("a database with damaged pages is set aside too")
    func damagedPages() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let database = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
            try await database.save((0..<200).map { country(String(format: "C%02d", $0 % 100) + "\($0 / 100)", "Country \($0)") })
        }
        // Checkpoint the WAL into the file, then overwrite pages past the header.
        try await DatabaseQueue(path: folder.databaseFile.path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let handle = try FileHandle(forWritingTo: folder.databaseFile)
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
        try handle.close()

        let recovered = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)

        #expect(try await recovered.isEmpty())
        #expect(folder.contents.contains { $0.hasPrefix("countries.sqlite.corrupt-") })
    }

    @Test("a folder that cannot hold a database is storageFailed, and nothing is moved")
    func unusableLocation() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A directory where the database file should be: not corruption, so not set aside.
        try FileManager.default.createDirectory(at: folder.databaseFile, withIntermediateDirectories: true)
        #expect(throws: CountryFizzle.storageFailed) {
            _ = try CountryDatabaseWorker(file: folder.databaseFile, logbook: logbook)
        }
        // The folder keeps its name; only the setup lock was added beside it.
        #expect(folder.contents == ["countries.sqlite", "countries.sqlite.setup-lock"])
        #expect(!logbook.entries.isEmpty)
    }

    @Test("observing yields the list now and after each change, and ends when cancelled")
    func observe() async throws {
        let database = try CountryDatabaseWorker(inMemoryNamed: nil, logbook: logbook)
        try await database.save([country("JPN", "Japan")])
        var iterator = database.observeCountries().makeAsyncIterator()

        #expect(try await iterator.next()?.map(\.code) == ["JPN"])
        try await database.save([country("FRA", "France")])
        #expect(try await iterator.next()?.map(\.code) == ["FRA", "JPN"])

        // A consumer that is cancelled after its first value ends, with that value only.
        let stream = database.observeCountries()
        let received = AsyncStream<Void>.makeStream()
        let task = Task {
            var count = 0
            for try await _ in stream {
                count += 1
                received.continuation.yield()
            }
            return count
        }
        var signals = received.stream.makeAsyncIterator()
        await signals.next()
        task.cancel()
        #expect(try await task.value == 1)
    }
}

@Suite("Searching the database", .timeLimit(.minutes(1)))
struct CountrySearchTests {
    /// The bundled snapshot, saved once per test.
    func seeded() async throws -> CountryDatabaseWorker {
        let database = try CountryDatabaseWorker(inMemoryNamed: nil, logbook: SilentLogbook())
        try await database.save(try CountryBundleWorker(logbook: SilentLogbook()).countries())
        return database
    }

    @Test("names in many languages, codes, case and accents all find South Korea", arguments: [
        "한국", "대한민국", "südkorea", "SUDKOREA", "corée", "Coree du Sud", "kor", "KR", "South Korea",
        "republic of korea", "韓国", "Corea del Sur",
    ])
    func findsKorea(text: String) async throws {
        let codes = try await seeded().search(text)
        #expect(codes.contains("KOR"), "\(text) → \(codes)")
    }

    @Test("Cote d'Ivoire finds Côte d'Ivoire, with any apostrophe")
    func ivoryCoast() async throws {
        let database = try await seeded()
        #expect(try await database.search("Cote d'Ivoire") == ["CIV"])
        #expect(try await database.search("côte d’ivoire") == ["CIV"])
    }

    @Test("empty text lists everything; unmatched text nothing; SQL wildcards are literal")
    func edges() async throws {
        let database = try await seeded()
        #expect(try await database.search("  ").count == 250)
        #expect(try await database.search("qqqzzz").isEmpty)
        #expect(try await database.search("%").isEmpty)
        #expect(try await database.search("_").isEmpty)
        #expect(try await database.search("'; DROP TABLE country; --").isEmpty)
        #expect(try await database.countries().count == 250)
    }
}

@Suite("CountryBundleWorker reads the snapshot", .timeLimit(.minutes(1)))
struct CountryBundleWorkerTests {
    @Test("the shipped snapshot holds 250 countries with the fields the app shows")
    func snapshot() throws {
        let countries = try CountryBundleWorker(logbook: SilentLogbook()).countries()
        #expect(countries.count == 250)
        #expect(Set(countries.map(\.code)).count == 250)
        let korea = try #require(countries.first { $0.code == "KOR" })
        #expect(korea.capitals == ["Seoul"])
        #expect(korea.borders == ["PRK"])
        #expect(korea.translations["kor"]?.common == "한국")
        #expect(korea.translations["jpn"] != nil)
        #expect(countries.filter { $0.capitals.isEmpty }.count > 0)
        #expect(countries.filter { $0.region.isEmpty }.isEmpty)
    }

    @Test("a missing or broken snapshot is storageFailed, logged")
    func broken() throws {
        let logbook = MemoryLogbook()
        #expect(throws: CountryFizzle.storageFailed) {
            try CountryBundleWorker(file: nil, logbook: logbook).countries()
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("countries.json")
        try Data("[{\"name\":".utf8).write(to: file)
        #expect(throws: CountryFizzle.storageFailed) {
            try CountryBundleWorker(file: file, logbook: logbook).countries()
        }
        #expect(logbook.entries.count == 2)
    }
}
