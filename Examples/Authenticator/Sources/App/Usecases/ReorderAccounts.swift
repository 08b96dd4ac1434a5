import AuthenticatorDomain

extension Vessel {
    public var reorderAccountsAction: ReorderAccountsUsecase { reorderAccounts }

    func reorderAccounts(_ ids: [AccountID]) async throws(VaultFizzle) {
        _ = try await unlockedKey()
        let current = AccountSearch.sorted(savedAccounts, by: .custom)
        let known = Set(current.map(\.id))
        var seen = Set<AccountID>()
        let chosen = ids.filter { known.contains($0) && seen.insert($0).inserted }
        guard chosen.count == ids.count else { throw .accountNotFound }
        let order = chosen + current.map(\.id).filter { !seen.contains($0) }
        try await vault.reorder(order)
        await showWrites()
        await backUpAfterChange()
    }
}
