import CountriesData
import CountriesDomain
import Foundation
import Keel

/// The container for tests and previews: in-memory data, workers of your
/// choice, and the same usecases as the ``Vessel``.
///
/// Screens receive it as ``Serving``, exactly like the vessel, so a view
/// model is tested by swapping the container, never by mocking the view model:
///
/// ```swift
/// let raft = try await Raft(countries: [.korea, .japan])
/// let viewModel = CountryListViewModel(raft)
/// ```
///
/// Unlike the vessel, a raft does not start the country-list query by
/// itself: call ``startFollowingCountries()``, so that tests control exactly
/// which states the store goes through.
public final class Raft: UsecaseContainer {
    let deck: Deck
    private let query = QueryTask()

    /// Creates a raft whose database holds `countries`.
    ///
    /// - Parameters:
    ///   - state: The initial app state.
    ///   - countries: What the in-memory database holds at start.
    ///   - web: The web worker; by default one that serves `countries`.
    ///   - database: The database worker; by default an in-memory database.
    ///   - bundle: The snapshot worker; by default one that serves `countries`.
    ///   - logbook: Where developer errors go.
    ///   - now: The clock.
    public init(
        state: AppState = AppState(),
        countries: [Country] = [],
        web: (any CountryWebWork)? = nil,
        database: (any CountryDatabaseWork)? = nil,
        bundle: (any CountryBundleWork)? = nil,
        logbook: any Logbook = ConsoleLogbook(label: "raft"),
        now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
    ) async throws(CountryFizzle) {
        let fixture = FixtureCountries(all: countries)
        let database: any CountryDatabaseWork = if let database {
            database
        } else {
            try CountryDatabaseWorker(inMemoryNamed: nil, logbook: logbook)
        }
        if !countries.isEmpty {
            try await database.save(countries)
        }
        deck = Deck(
            store: MutableStore(state), web: web ?? fixture, database: database, bundle: bundle ?? fixture,
            logbook: logbook, now: now)
    }

    /// The owner's face of the store, for tests that arrange a state.
    public var store: MutableStore<AppState> { deck.store }

    /// How many callers wait for the refresh running: a refresh asked for
    /// while one runs joins it. For tests that must know a caller has joined
    /// before they cancel.
    public var refreshCallers: Int { deck.refreshes.callers }

    /// Starts the country-list query in the background, as the vessel does.
    public func startFollowingCountries() {
        let deck = deck
        query.replace(with: Task { await deck.followCountries() })
    }

    /// Stops the country-list query.
    public func stopFollowingCountries() {
        query.replace(with: nil)
    }

    deinit {
        query.replace(with: nil)
    }
}

/// Countries given to a ``Raft``, serving as its web service and snapshot.
struct FixtureCountries: CountryWebWork, CountryBundleWork {
    let all: [Country]

    // One synchronous method serves both protocols' `countries()`.
    func countries() throws(CountryFizzle) -> [Country] {
        all
    }

    func country(code: String) async throws(CountryFizzle) -> Country {
        guard let country = all.first(where: { $0.code == code.uppercased() }) else {
            throw .notFound(code: code.uppercased())
        }
        return country
    }
}

/// The running query task of a raft.
///
/// `@unchecked Sendable` is sound because `task` is only read and written
/// while `lock` is held.
private final class QueryTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    func replace(with task: Task<Void, Never>?) {
        lock.withLock {
            self.task?.cancel()
            self.task = task
        }
    }
}
