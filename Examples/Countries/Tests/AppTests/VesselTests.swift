import CountriesApp
import CountriesData
import CountriesDomain
import Foundation
import GRDB
import Keel
import KeelTesting
import Testing

/// The vessel, with real workers: a real SQLite file in a temporary folder,
/// the bundled snapshot, and mocked HTTP for the live phase.
@Suite("The Vessel", .timeLimit(.minutes(1)))
struct VesselTests {
    /// A temporary data directory.
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("keel-vessel-\(UUID().uuidString)")
    }

    /// Runs the vessel's country-list query until the list is loaded (and,
    /// if given, holds `count` countries), and returns it.
    static func loadedCountries(_ vessel: Vessel, count: Int? = nil) async -> [Country] {
        let following = Task { await vessel.followCountriesQuery() }
        defer { following.cancel() }
        for await list in vessel.appState.values({ $0.countries }) {
            if case .loaded(let countries) = list, count == nil || countries.count == count { return countries }
        }
        return []
    }

    @Test("first launch seeds a new database from the snapshot, and the query fills AppState")
    func firstLaunch() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let logbook = MemoryLogbook()

        let vessel = try await Vessel(phase: .bundled, dataDirectory: directory, logbook: logbook)

        let countries = await Self.loadedCountries(vessel)
        #expect(countries.count == 250)
        #expect(FileManager.default.fileExists(atPath: Vessel.databaseFile(in: directory).path))
        #expect(try await vessel.searchCountriesAction("한국") == ["KOR"])
        #expect(logbook.entries.isEmpty)
    }

    @Test("the bundled phase refreshes from the snapshot and loads details offline")
    func bundledRefreshAndDetails() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let vessel = try await Vessel(phase: .bundled, dataDirectory: directory, logbook: MemoryLogbook())

        await vessel.refreshCountriesAction()
        #expect(vessel.appState.state.refresh.value?.count == 250)

        let details = try await vessel.loadDetailsAction("kor", .live)
        #expect(details.country.capitals == ["Seoul"])
        #expect(details.neighbours.map(\.code) == ["PRK"])
        await #expect(throws: CountryFizzle.notFound(code: "ZZZ")) {
            try await vessel.loadDetailsAction("ZZZ", .cached)
        }
    }

    @Test("a corrupt database is set aside at launch and rebuilt from the snapshot")
    func corruptDatabase() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x42, count: 10_000)
        try garbage.write(to: Vessel.databaseFile(in: directory))
        let logbook = MemoryLogbook()

        let vessel = try await Vessel(phase: .bundled, dataDirectory: directory, logbook: logbook)

        #expect(await Self.loadedCountries(vessel).count == 250)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.contains { $0.hasPrefix("countries.sqlite.corrupt-") })
        #expect(!logbook.entries.isEmpty)
    }

    @Test("a database a newer version wrote is refused at launch: nothing is seeded, set aside or written")
    func newerDatabase() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = Vessel.databaseFile(in: directory)
        do {
            let database = try CountryDatabaseWorker(file: file, logbook: MemoryLogbook())
            try await database.save(try CountryBundleWorker(logbook: MemoryLogbook()).countries())
        }
        let newer = try DatabaseQueue(path: file.path)
        try await newer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v4.1')")
            try db.execute(sql: "CREATE TABLE visit (code TEXT NOT NULL)")
        }
        try newer.close()
        let before = try Data(contentsOf: file)

        await #expect(throws: CountryFizzle.newerDatabase) {
            _ = try await Vessel(phase: .bundled, dataDirectory: directory, logbook: MemoryLogbook())
        }
        #expect(try Data(contentsOf: file) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!files.contains { $0.contains("corrupt") })
    }

    @Test("a data directory that cannot hold a database fails with storageFailed")
    func unusableDirectory() async throws {
        let file = Self.directory()
        defer { try? FileManager.default.removeItem(at: file) }
        // A regular file where the data directory should be.
        try Data("not a folder".utf8).write(to: file)
        await #expect(throws: CountryFizzle.storageFailed) {
            _ = try await Vessel(phase: .bundled, dataDirectory: file, logbook: MemoryLogbook())
        }
    }

    @Test("the live phase refreshes from the API, and a failure keeps the list")
    func livePhase() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mock = HTTPMock()
        let base = URL(string: "https://countries.test/v3.1")!
        let japan = #"[{"name":{"common":"Japan","official":"Japan"},"cca2":"JP","cca3":"JPN","region":"Asia","population":1}]"#
        mock.register(.get, "https://countries.test/v3.1/all?fields=name,cca2,cca3,capital,region,subregion,population,area,flag,translations",
                      with: .status(503), .text(japan))
        mock.register(.get, "https://countries.test/v3.1/all?fields=cca3,currencies,languages,borders", with: .text("[]"))

        let vessel = try await Vessel(phase: .live(baseURL: base), dataDirectory: directory, transport: mock, logbook: MemoryLogbook())
        #expect(await Self.loadedCountries(vessel).count == 250)

        await vessel.refreshCountriesAction()
        #expect(vessel.appState.state.refresh.error as? CountryFizzle == .serviceUnavailable(status: 503))
        #expect(vessel.appState.state.countries.value?.count == 250)

        await vessel.refreshCountriesAction()
        #expect(vessel.appState.state.refresh.value?.count == 1)
        #expect(vessel.appState.state.refresh.error == nil)
        // The database holds exactly the countries of the answer.
        #expect(await Self.loadedCountries(vessel, count: 1).map(\.code) == ["JPN"])
    }

    @Test("a refresh from the live API lists each country once, under the API's code (Kosovo is UNK)")
    func liveCodesMatchTheSnapshot() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mock = HTTPMock()
        let kosovo = #"[{"name":{"common":"Kosovo","official":"Republic of Kosovo"},"cca2":"XK","cca3":"UNK","region":"Europe","population":1775378}]"#
        mock.register(.get, "https://countries.test/v3.1/all?fields=name,cca2,cca3,capital,region,subregion,population,area,flag,translations",
                      with: .text(kosovo))
        mock.register(.get, "https://countries.test/v3.1/all?fields=cca3,currencies,languages,borders", with: .text("[]"))
        let vessel = try await Vessel(
            phase: .live(baseURL: URL(string: "https://countries.test/v3.1")!), dataDirectory: directory,
            transport: mock, logbook: MemoryLogbook())
        let seeded = await Self.loadedCountries(vessel, count: 250)
        #expect(seeded.filter { $0.name.common == "Kosovo" }.map(\.code) == ["UNK"])
        await vessel.refreshCountriesAction()
        let refreshed = await Self.loadedCountries(vessel, count: 1)
        #expect(refreshed.map(\.code) == ["UNK"])
    }

    @Test("the mocked phase keeps its data in memory, apart from any other vessel")
    func mockedPhase() async throws {
        let directory = Self.directory()
        let first = try await Vessel(phase: .mocked, dataDirectory: directory, logbook: MemoryLogbook())
        let second = try await Vessel(phase: .mocked, dataDirectory: directory, logbook: MemoryLogbook())
        #expect(await Self.loadedCountries(first).count == 250)
        #expect(await Self.loadedCountries(second).count == 250)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("the default data directory follows XDG on Linux")
    func defaultDirectory() {
        #if os(Linux)
        #expect(Vessel.defaultDataDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"]).path == "/data/keel-countries")
        #expect(Vessel.defaultDataDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/me"]).path == "/home/me/.local/share/keel-countries")
        #expect(Vessel.defaultDataDirectory(environment: ["HOME": "/home/me"]).path == "/home/me/.local/share/keel-countries")
        #else
        #expect(Vessel.defaultDataDirectory().lastPathComponent == "keel-countries")
        #endif
    }
}
