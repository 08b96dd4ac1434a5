import CountriesDomain

extension Deck {
    /// Action: records that the scene `id` (a window, a browser tab) became
    /// active or inactive; an inactive scene hides its content.
    func sceneActivity(_ id: String, isActive: Bool) {
        store.update(at: { $0.system.inactiveScenes }) { scenes in
            if isActive {
                scenes.remove(id)
            } else {
                scenes.insert(id)
            }
        }
    }
}
