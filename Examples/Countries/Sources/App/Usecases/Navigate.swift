import CountriesDomain

extension Vessel {
    public var navigateAction: NavigateUsecase { navigate }

    /// Action: sets the stack of open details screens of the scene `scene`.
    func navigate(_ scene: String, to path: [String]) {
        // The scene's whole routing is one stored element of the dictionary:
        // writing it there keeps the update to that scene's observers.
        store.update(at: { $0.routing[scene] }) { routing in
            var changed = routing ?? AppState.Routing()
            changed.path = path.map { $0.uppercased() }
            routing = changed
        }
    }
}
