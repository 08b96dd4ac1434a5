import AuthenticatorDomain

extension Vessel {
    public var dismissNoticeAction: DismissNoticeUsecase { dismissNotice }

    func dismissNotice(_ notice: VaultNotice) {
        store.update(at: { $0.system.notices }) { $0.removeAll { $0 == notice } }
    }
}
