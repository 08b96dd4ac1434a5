import CountriesDomain
import Keel

extension Vessel {
    public var followCountriesQuery: FollowCountriesQuery { followCountries }

    /// Query: keeps ``AppState/countries`` in sync with the database, until
    /// the calling task is cancelled.
    ///
    /// A query is one-way: it does not act on a request, it copies what the
    /// database holds into the app state each time it changes (article 001).
    func followCountries() async {
        store.update(at: { $0.countries }) { $0 = $0.loadingAgain }
        do {
            for try await countries in database.observeCountries() {
                store.update(at: { $0.countries }) { $0 = .loaded(countries) }
            }
        } catch {
            guard !Task.isCancelled else { return }
            let fizzle = (error as? CountryFizzle) ?? .storageFailed
            if !(error is CountryFizzle) {
                logbook.record(error, context: "Following the saved countries")
            }
            store.update(at: { $0.countries }) { $0 = .failed(fizzle, last: $0.value) }
        }
    }
}
