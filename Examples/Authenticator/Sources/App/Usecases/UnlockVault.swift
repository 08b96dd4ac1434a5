import AuthenticatorDomain

extension Vessel {
    public var unlockVaultAction: UnlockVaultUsecase { unlockVault }

    /// Action: unlocks the vault and loads its accounts and settings.
    func unlockVault(_ passphrase: String) async throws(VaultFizzle) {
        let key = try await keys.openKey(passphrase: passphrase, at: clock.now())
        await session.open(with: key)
        noteActivity()
        do {
            try await loadVault(key: key)
        } catch {
            await session.forget()
            throw error
        }
    }
}
