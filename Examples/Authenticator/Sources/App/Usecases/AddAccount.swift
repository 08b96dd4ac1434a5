import AuthenticatorDomain

extension Vessel {
    public var addAccountAction: AddAccountUsecase { addAccount }

    func addAccount(_ account: Account) async throws(VaultFizzle) -> SavedAccount {
        let key = try await unlockedKey()
        guard let saved = try await vault.add([checked(account)], key: key).first else { throw .storageFailed }
        await showWrites()
        await backUpAfterChange()
        return saved
    }
}
