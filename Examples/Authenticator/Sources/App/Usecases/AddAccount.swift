import AuthenticatorDomain

extension Vessel {
    public var addAccountAction: AddAccountUsecase { addAccount }

    /// Action: adds an account after the others, unless the vault has it already.
    func addAccount(_ account: Account) async throws(VaultFizzle) -> SavedAccount {
        let key = try await unlockedKey()
        guard !savedAccounts.contains(where: { $0.account.identity == account.identity }) else {
            throw .duplicate(label: account.label)
        }
        let added = try await vault.add([account], key: key)
        guard let saved = added.first else { throw .storageFailed }
        appendToState(added)
        await backUpAfterChange()
        return saved
    }

    /// Adds accounts the vault saved to the app state.
    func appendToState(_ added: [SavedAccount]) {
        store.update(at: { $0.accounts }) { accounts in
            accounts = accounts.map { $0 + added }
        }
    }
}
