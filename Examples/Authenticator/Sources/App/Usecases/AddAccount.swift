import AuthenticatorDomain

extension Vessel {
    public var addAccountAction: AddAccountUsecase { addAccount }

    /// Action: adds an account after the others, unless the vault has it
    /// already (its unique index decides, whoever added it, even at the same moment).
    func addAccount(_ account: Account) async throws(VaultFizzle) -> SavedAccount {
        let key = try await unlockedKey()
        guard let saved = try await vault.add([checked(account)], key: key).first else { throw .storageFailed }
        await showWrites()
        await backUpAfterChange()
        return saved
    }
}
