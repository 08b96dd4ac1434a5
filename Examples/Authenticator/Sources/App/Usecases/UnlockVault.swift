import AuthenticatorDomain

extension Vessel {
    public var unlockVaultAction: UnlockVaultUsecase { unlockVault }

    func unlockVault(_ passphrase: String, _ typist: PassphraseTry) async throws(VaultFizzle) {
        let key = try await keys.openKey(passphrase: passphrase, at: now(), by: typist)
        noteActivity()
        // Open already (a host that asks each of its sessions, such as each
        // browser of the web front-end): the passphrase was right; the
        // settings are read again (another process may have changed them),
        // the list shows the accounts as the vault holds them now, and what
        // the backups' state says (a failure) stays.
        guard store.state.lock != .unlocked else {
            let settings = try await vault.settings()
            store.update { $0.settings = settings }
            await showWrites()
            return
        }
        await session.open(with: key)
        do {
            try await loadVault(key: key)
        } catch {
            await session.forget()
            throw error
        }
    }
}
