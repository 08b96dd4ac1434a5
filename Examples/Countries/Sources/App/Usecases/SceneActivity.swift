import CountriesDomain

extension Vessel {
    public var sceneActivityAction: SceneActivityUsecase { sceneActivity }

    /// Action: records that the scene `id` (a window, a browser tab) is open
    /// and active or inactive; an inactive scene hides its content.
    ///
    /// An open scene has its routing in the app state, from the first time it
    /// reports its activity until it closes (``closeScene(_:)``): its screens
    /// read its routing, and when it closes, what they read goes with it.
    func sceneActivity(_ id: String, isActive: Bool) {
        store.update { state in
            if state.routing[id] == nil { state.routing[id] = AppState.Routing() }
            if isActive {
                state.system.inactiveScenes.remove(id)
            } else {
                state.system.inactiveScenes.insert(id)
            }
        }
    }
}
