import CountriesDomain

extension Vessel {
    public var applyRegionAction: ApplyRegionUsecase { applyRegion }

    /// Action: turns the region switch on or off; every screen follows at once.
    func applyRegion(_ showsRegion: Bool) {
        store.update(at: { $0.settings.showsRegion }) { $0 = showsRegion }
    }
}
