import AuthenticatorDomain

extension Vessel {
    public var applySettingsAction: ApplySettingsUsecase { applySettings }

    func applySettings(_ settings: VaultSettings) async throws(VaultFizzle) {
        _ = try await unlockedKey()
        if let problem = settings.problem { throw problem }
        try await vault.save(settings)
        store.update(at: { $0.settings }) { $0 = settings }
    }
}
