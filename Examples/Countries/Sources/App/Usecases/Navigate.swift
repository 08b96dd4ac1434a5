import CountriesDomain

extension Vessel {
    public var navigateAction: NavigateUsecase { navigate }

    func navigate(_ scene: String, to path: [String]) {
        store.update(at: { $0.routing[scene] }) { routing in
            var changed = routing ?? AppState.Routing()
            changed.path = path.map { $0.uppercased() }
            routing = changed
        }
    }
}
