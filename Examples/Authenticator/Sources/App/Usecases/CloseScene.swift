import AuthenticatorDomain

extension Vessel {
    public var closeSceneAction: CloseSceneUsecase { closeScene }

    func closeScene(_ scene: String) {
        store.update(at: { $0.routing }) { $0[scene] = nil }
    }
}
