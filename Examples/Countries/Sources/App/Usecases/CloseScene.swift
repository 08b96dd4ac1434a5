import CountriesDomain

extension Vessel {
    public var closeSceneAction: CloseSceneUsecase { closeScene }

    /// Action: forgets the scene `id`, which closed: its routing, and that it
    /// was inactive. Both changes are one update.
    func closeScene(_ id: String) {
        store.update { state in
            state.routing[id] = nil
            state.system.inactiveScenes.remove(id)
        }
    }
}
