import CountriesDomain

extension Vessel {
    public var sceneActivityAction: SceneActivityUsecase { sceneActivity }

    /// Action: records that the scene `id` (a window, a browser tab) is open
    /// and active or inactive; an inactive scene hides its content.
    ///
    /// An open scene has its routing in the app state, from the first time it
    /// reports its activity until it closes (``closeScene(_:)``): its screens
    /// read its routing, and when it closes, what they read goes with it.
    ///
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
