import CountriesDomain
import Keel

extension Deck {
    /// Action: refreshes the countries from the web into the database.
    ///
    /// The list on screen follows the database (``Deck/followCountries()``),
    /// so a failure leaves the saved countries where they are; the outcome
    /// goes to ``AppState/refresh``. Cancelling the calling task cancels the
    /// request and puts the refresh state back.
    func refreshCountries() async {
        await store.load(at: { $0.refresh }, logbook: logbook) {
            let countries = try await web.countries()
            try Task.checkCancellation()
            try await database.save(countries)
            return RefreshReport(count: countries.count, date: now())
        }
    }
}
