import CountriesDomain

extension Vessel {
    public var cancelRefreshAction: CancelRefreshUsecase { cancelRefresh }

    func cancelRefresh() {
        refreshes.cancel()
    }
}
