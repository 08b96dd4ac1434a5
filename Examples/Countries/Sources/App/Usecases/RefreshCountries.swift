import CountriesDomain
import Keel

extension Deck {
    /// Action: refreshes the countries from the web into the database.
    ///
    /// The list on screen follows the database (``Deck/followCountries()``),
    /// so a failure leaves the saved countries where they are; the outcome
    /// goes to ``AppState/refresh``. A successful answer replaces the saved
    /// countries in one transaction; an empty one is unreadable and changes
    /// nothing. A refresh asked for while one runs joins it; cancelling the
    /// calling task cancels the refresh for every caller (``cancelRefresh()``).
    func refreshCountries() async {
        await refreshes.join { [self] in await runRefresh() }
    }

    private func runRefresh() async {
        store.update(at: { $0.refresh }) { $0 = $0.loadingAgain }
        let outcome: Loadable<RefreshReport>
        do throws(CountryFizzle) {
            let countries = try await web.countries()
            guard !countries.isEmpty else { throw .unreadableResponse }
            guard !Task.isCancelled else { throw .refreshCancelled }
            try await database.replaceAll(with: countries)
            outcome = .loaded(RefreshReport(count: countries.count, date: now()))
        } catch {
            let fizzle = Task.isCancelled ? .refreshCancelled : error
            outcome = .failed(fizzle, last: store.state.refresh.value)
        }
        store.update(at: { $0.refresh }) { $0 = outcome }
    }
}
