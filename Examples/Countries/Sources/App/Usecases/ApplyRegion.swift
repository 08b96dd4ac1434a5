import CountriesDomain

extension Vessel {
    public var applyRegionAction: ApplyRegionUsecase { applyRegion }

    func applyRegion(_ showsRegion: Bool) {
        store.update(at: { $0.settings.showsRegion }) { $0 = showsRegion }
    }
}
