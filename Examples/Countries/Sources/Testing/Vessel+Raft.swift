import CountriesApp
import CountriesData
import CountriesDomain
import Foundation
import Keel

extension Vessel {
    /// A container for tests and previews (a raft, article 001): the app's
    /// own type and usecases over an in-memory database that holds
    /// `countries`, and stand-ins for the web service and the snapshot that
    /// serve them.
    ///
    /// ```swift
    /// let raft = try await Vessel.raft(countries: Country.samples)
    /// let following = Task { await raft.followCountriesQuery() }
    /// let viewModel = CountryListViewModel(raft)
    /// ```
    ///
    /// Like the app's vessel, a raft runs no query by itself: the test runs
    /// ``Vessel/followCountriesQuery`` when it wants the list to follow the
    /// database, so that it controls exactly which states the store goes through.
    ///
    /// - Parameters:
    ///   - state: The initial app state.
    ///   - countries: What the in-memory database holds at start.
    ///   - web: The web worker; by default one that serves `countries`.
    ///   - database: The database worker; by default an in-memory database.
    ///   - bundle: The snapshot worker; by default one that serves `countries`.
    ///   - logbook: Where developer errors go.
    ///   - now: The clock; by default a fixed date.
    public static func raft(
        state: AppState = AppState(),
        countries: [Country] = [],
        web: (any CountryWebWork)? = nil,
        database: (any CountryDatabaseWork)? = nil,
        bundle: (any CountryBundleWork)? = nil,
        logbook: any Logbook = ConsoleLogbook(label: "raft"),
        now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
    ) async throws(CountryFizzle) -> Vessel {
        let fixture = FixtureCountries(countries)
        let database: any CountryDatabaseWork = if let database {
            database
        } else {
            try CountryDatabaseWorker(inMemoryNamed: nil, logbook: logbook)
        }
        if !countries.isEmpty {
            try await database.save(countries)
        }
        return Vessel(
            state: state, web: web ?? fixture, database: database, bundle: bundle ?? fixture,
            logbook: logbook, now: now)
    }
}
