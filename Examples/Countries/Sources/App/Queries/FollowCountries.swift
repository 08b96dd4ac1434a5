import CountriesDomain
import Keel

extension Vessel {
    public var followCountriesQuery: FollowCountriesQuery { followCountries }

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
