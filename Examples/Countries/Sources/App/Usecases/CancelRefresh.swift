import CountriesDomain

extension Vessel {
    public var cancelRefreshAction: CancelRefreshUsecase { cancelRefresh }

    /// Action: cancels the refresh running, for every caller waiting for it;
    /// the refresh state then says it was cancelled. Does nothing when no
    /// refresh runs.
    func cancelRefresh() {
        refreshes.cancel()
    }
}
