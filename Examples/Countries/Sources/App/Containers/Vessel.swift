import CountriesData
import CountriesDomain
import Foundation
import Keel
import KeelWebClient
import KeelTimeline

/// The app's container: it owns the store and the workers, and serves the
/// usecases to the screens as ``Serving`` (article 001).
///
/// Create one at the app's entry point, for a ``Phase``, and hand it to the
/// root screen:
///
/// ```swift
/// let vessel = try await Vessel(phase: .bundled, dataDirectory: Vessel.defaultDataDirectory())
/// let following = Task { await vessel.followCountriesQuery() }
/// ContentView(vessel)
/// ```
///
/// Tests and previews build the same type from workers of their choice
/// (``init(state:web:database:bundle:logbook:now:)``; `CountriesTesting`'s
/// `Vessel.raft` does it with stand-ins). Each usecase is an extension of
/// the vessel in a file of its own, next to the `Serving` property that
/// hands it out.
public final class Vessel: Serving {
    /// The single source of truth; only usecases write it.
    let store: MutableStore<AppState>
    /// The web service (the live API, or the snapshot standing in for it).
    let web: any CountryWebWork
    /// The countries saved on this device.
    let database: any CountryDatabaseWork
    /// The snapshot shipped with the app.
    let bundle: any CountryBundleWork
    /// Where developer errors go.
    let logbook: any Logbook
    /// The current date.
    let now: @Sendable () -> Date
    /// The refresh running, which a second refresh joins.
    let refreshes = SharedRun<Void>()

    /// Creates a container over these workers, with `state` in its store;
    /// with `timeline`, the store keeps its last `timeline` updates (for
    /// development: ``timelineViewer()``).
    public init(
        state: AppState = AppState(),
        web: any CountryWebWork, database: any CountryDatabaseWork, bundle: any CountryBundleWork,
        logbook: any Logbook, now: @escaping @Sendable () -> Date = { Date() }, timeline: Int? = nil
    ) {
        store = MutableStore(state, timeline: timeline)
        self.web = web
        self.database = database
        self.bundle = bundle
        self.logbook = logbook
        // snippet.recordedClock
        // Its answers are in the timeline, when the store keeps one: a replay gives them again.
        self.now = store.recording("now()", now)
        // snippet.end
    }

    /// Creates the container for `phase`, keeping the database in
    /// `dataDirectory`, and seeds an empty database from the snapshot.
    ///
    /// - Parameters:
    ///   - phase: Which services to use.
    ///   - dataDirectory: Where the database lives (ignored by ``Phase/mocked``).
    ///   - transport: What the live phase sends its requests through:
    ///     `URLSession` by default; a server on Linux passes KeelWeb's
    ///     `AsyncHTTPClientTransport`, tests an `HTTPMock`.
    ///   - logbook: Where developer errors go.
    ///   - timeline: How many updates the store keeps in its timeline, for
    ///     development (`nil`, the default: none, at no cost).
    /// - Throws: ``CountryFizzle/storageFailed`` when no database can be opened
    ///   or seeded. A corrupt database file is set aside and rebuilt, not an error.
    public convenience init(
        phase: Phase, dataDirectory: URL, transport: any HTTPTransport = URLSessionTransport(),
        logbook: any Logbook = ConsoleLogbook(label: "countries"), timeline: Int? = nil
    ) async throws(CountryFizzle) {
        let bundle = CountryBundleWorker(logbook: logbook)
        let database: any CountryDatabaseWork
        let web: any CountryWebWork
        switch phase {
        case .bundled:
            database = try CountryDatabaseWorker(file: Self.databaseFile(in: dataDirectory), logbook: logbook)
            web = bundle
        case .live(let baseURL):
            database = try CountryDatabaseWorker(file: Self.databaseFile(in: dataDirectory), logbook: logbook)
            web = CountryWebWorker(baseURL: baseURL, transport: transport, logbook: logbook)
        case .mocked:
            database = try CountryDatabaseWorker(inMemoryNamed: nil, logbook: logbook)
            web = bundle
        }
        self.init(web: web, database: database, bundle: bundle, logbook: logbook, timeline: timeline)
        try await seedIfEmpty()
    }

    /// The app state, read-only.
    public var appState: Store<AppState> { store.readOnly }

    /// A viewer of the store's timeline (empty unless the container was made
    /// with `timeline:`), with rewind: for a debug menu. Make it once, where
    /// the container is kept.
    @MainActor public func timelineViewer() -> TimelineViewModel {
        TimelineViewModel(store: store)
    }

    /// The database file inside `directory`.
    public static func databaseFile(in directory: URL) -> URL {
        directory.appendingPathComponent("countries.sqlite")
    }

    /// The per-user data directory, `keel-countries` (``DataDirectory/standard(for:environment:)``).
    public static func defaultDataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        DataDirectory.standard(for: "keel-countries", environment: environment)
    }

    /// Fills an empty database from the snapshot shipped with the app
    /// (first launch, or after a corrupt database was set aside).
    func seedIfEmpty() async throws(CountryFizzle) {
        guard try await database.isEmpty() else { return }
        try await database.save(try bundle.countries())
    }
}
