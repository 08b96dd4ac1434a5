import CountriesDomain

extension Vessel {
    public var sceneActivityAction: SceneActivityUsecase { sceneActivity }

    /// Each slice is written where it lies, the scene's routing first (a new
    /// scene is open and active until it says otherwise): a write of the
    /// whole state would make the store compare what every open scene reads,
    /// and a server keeps a scene per browser tab.
    func sceneActivity(_ id: String, isActive: Bool) {
        store.update(at: { $0.routing[id] }) { routing in
            if routing == nil { routing = AppState.Routing() }
        }
        store.update(at: { $0.system.inactiveScenes }) { inactive in
            if isActive {
                inactive.remove(id)
            } else {
                inactive.insert(id)
            }
        }
    }
}
