import CountriesDomain

extension Vessel {
    public var showFlagAction: ShowFlagUsecase { showFlag }

    func showFlag(_ scene: String, of code: String?) {
        store.update(at: { $0.routing[scene] }) { routing in
            var changed = routing ?? AppState.Routing()
            changed.flagSheet = code?.uppercased()
            routing = changed
        }
    }
}
