import AuthenticatorDomain

extension Vessel {
    public var presentSheetAction: PresentSheetUsecase { presentSheet }

    func presentSheet(_ scene: String, _ sheet: AppState.Sheet?) {
        let isUnlocked = store.state.lock == .unlocked
        store.update(at: { $0.routing }) { routing in
            if sheet == nil || !isUnlocked {
                routing[scene] = nil
            } else {
                routing[scene] = AppState.Routing(sheet: sheet)
            }
        }
        noteActivity()
    }
}
