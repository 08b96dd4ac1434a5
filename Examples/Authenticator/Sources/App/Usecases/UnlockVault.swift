import AuthenticatorDomain

extension Deck {
    /// Action: unlocks the vault and loads its accounts and settings; with
    /// the vault already open, checks the passphrase and changes nothing.
    func unlockVault(_ passphrase: String) async throws(VaultFizzle) {
        let key = try await keys.openKey(passphrase: passphrase, at: clock.now())
        noteActivity()
        // Open already (a host that asks each of its sessions, such as each
        // browser of the web front-end): the passphrase was right, the vault
        // and what the app state says of it (a failed backup) stay as they are.
        guard store.state.lock != .unlocked else { return }
        await session.open(with: key)
        do {
            try await loadVault(key: key)
        } catch {
            await session.forget()
            throw error
        }
    }
}
