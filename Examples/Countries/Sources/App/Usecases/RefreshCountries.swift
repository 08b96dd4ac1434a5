import CountriesDomain
import Keel

extension Vessel {
    public var refreshCountriesAction: RefreshCountriesUsecase { refreshCountries }

    /// Action: refreshes the countries from the web into the database.
    ///
    /// The list on screen follows the database (``followCountries()``),
    /// so a failure leaves the saved countries where they are; the outcome
    /// goes to ``AppState/refresh``. A successful answer replaces the saved
    /// countries in one transaction; an empty one is unreadable and changes
    /// nothing. A refresh asked for while one runs joins it; cancelling the
    /// calling task only stops it waiting, and ``cancelRefresh()`` cancels the
    /// refresh for every caller.
    func refreshCountries() async {
        await refreshes.run { [self] isLatest in await runRefresh(isLatest: isLatest) }
    }

    /// One run of the refresh; it writes its outcome only while no newer run
    /// has started (a cancelled run replaced by a new one stays quiet).
    private func runRefresh(isLatest: @Sendable () -> Bool) async {
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
        guard isLatest() else { return }
        store.update(at: { $0.refresh }) { $0 = outcome }
    }
}
