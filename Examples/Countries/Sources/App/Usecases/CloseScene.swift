import CountriesDomain

extension Vessel {
    public var closeSceneAction: CloseSceneUsecase { closeScene }

    /// Each slice is written where it lies (the scene's routing, then that it
    /// was inactive), as ``sceneActivity(_:isActive:)`` does, so that closing
    /// a tab costs the same however many are open.
    func closeScene(_ id: String) {
        store.update(at: { $0.routing[id] }) { $0 = nil }
        store.update(at: { $0.system.inactiveScenes }) { $0.remove(id) }
    }
}
