import AuthenticatorDomain

extension Vessel {
    public var applyImportAction: ApplyImportUsecase { applyImport }

    func applyImport(_ accounts: [Account]) async throws(VaultFizzle) -> ImportSummary {
        let key = try await unlockedKey()
        let inVault = Set(savedAccounts.map(\.account.identity))
        var chosen = Set<Account.Identity>()
        var new: [Account] = []
        var skipped = 0
        var repeated = 0
        for account in accounts {
            if inVault.contains(account.identity) {
                skipped += 1
            } else if !chosen.insert(account.identity).inserted {
                repeated += 1
            } else {
                new.append(account)
            }
        }
        if !new.isEmpty {
            _ = try await vault.add(new, key: key)
            await showWrites()
            await backUpAfterChange()
        }
        return ImportSummary(added: new.count, skipped: skipped, repeated: repeated)
    }
}
