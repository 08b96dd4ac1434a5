import CountriesData
import CountriesDomain
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel

/// The app's container: it owns the store, builds the workers for a
/// ``Phase``, runs the country-list query, and serves everything to the
/// screens as ``Serving`` (article 001).
///
/// Create one at the app's entry point and hand it to the root screen:
///
/// ```swift
/// let vessel = try await Vessel(phase: .bundled, dataDirectory: Vessel.defaultDataDirectory())
/// ContentView(vessel)
/// ```
///
/// Creating a vessel opens (or creates) the database, seeds it from the
/// snapshot on first launch, and starts the query that keeps
/// ``AppState/countries`` in sync with it. Releasing the vessel stops the query.
public final class Vessel: UsecaseContainer {
    let deck: Deck
    private let query: Task<Void, Never>

    /// Creates the container for `phase`, keeping the database in `dataDirectory`.
    ///
    /// - Parameters:
    ///   - phase: Which services to use.
    ///   - dataDirectory: Where the database lives (ignored by ``Phase/mocked``).
    ///   - session: The URL session of the live phase (tests pass a mock's).
    ///   - logbook: Where developer errors go.
    /// - Throws: ``CountryFizzle/storageFailed`` when no database can be opened
    ///   or seeded. A corrupt database file is set aside and rebuilt, not an error.
    public init(
        phase: Phase, dataDirectory: URL, session: URLSession = .shared,
        logbook: any Logbook = ConsoleLogbook(label: "countries")
    ) async throws(CountryFizzle) {
        let bundle = CountryBundleWorker(logbook: logbook)
        let database: any CountryDatabaseWork
        let web: any CountryWebWork
        switch phase {
        case .bundled:
            database = try CountryDatabaseWorker(file: Self.databaseFile(in: dataDirectory), logbook: logbook)
            web = SnapshotWebWorker(bundle: bundle)
        case .live(let baseURL):
            database = try CountryDatabaseWorker(file: Self.databaseFile(in: dataDirectory), logbook: logbook)
            web = CountryWebWorker(baseURL: baseURL, session: session, logbook: logbook)
        case .mocked:
            database = try CountryDatabaseWorker(inMemoryNamed: nil, logbook: logbook)
            web = SnapshotWebWorker(bundle: bundle)
        }
        let deck = Deck(
            store: MutableStore(AppState()), web: web, database: database, bundle: bundle,
            logbook: logbook, now: { Date() })
        try await deck.seedIfEmpty()
        self.deck = deck
        query = Task { await deck.followCountries() }
    }

    deinit {
        query.cancel()
    }

    /// Stops the country-list query and waits until it has ended, so that the
    /// vessel no longer reads its database: call it before opening the same
    /// data directory again in this process (benchmarks, tests). The database
    /// closes when the vessel is released; ``AppState/countries`` keeps its
    /// last value.
    public func stop() async {
        query.cancel()
        await query.value
    }

    /// The database file inside `directory`.
    public static func databaseFile(in directory: URL) -> URL {
        directory.appendingPathComponent("countries.sqlite")
    }

    /// The per-user data directory: `$XDG_DATA_HOME/keel-countries` (or
    /// `~/.local/share/keel-countries`) on Linux, Application Support on Apple platforms.
    public static func defaultDataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if os(Linux)
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("keel-countries")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/keel-countries")
        #else
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return support.appendingPathComponent("keel-countries")
        #endif
    }
}
