import AuthenticatorDomain

extension Deck {
    /// Action: adds the chosen accounts in one transaction, skipping those
    /// already in the vault (or chosen twice).
    func applyImport(_ accounts: [Account]) async throws(VaultFizzle) -> ImportSummary {
        let key = try await unlockedKey()
        var seen = Set(savedAccounts.map(\.account.identity))
        let new = accounts.filter { seen.insert($0.identity).inserted }
        if !new.isEmpty {
            appendToState(try await vault.add(new, key: key))
            await backUpAfterChange()
        }
        return ImportSummary(added: new.count, skipped: accounts.count - new.count)
    }
}
