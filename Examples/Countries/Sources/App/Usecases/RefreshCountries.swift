import CountriesDomain
import Keel

extension Vessel {
    public var refreshCountriesAction: RefreshCountriesUsecase { refreshCountries }

    /// Runs through `refreshes`, which later callers join and
    /// ``cancelRefresh()`` cancels for every caller.
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
