import AuthenticatorDomain

extension Vessel {
    public var deleteAccountAction: DeleteAccountUsecase { deleteAccount }

    func deleteAccount(_ id: AccountID) async throws(VaultFizzle) {
        _ = try await unlockedKey()
        let saved = try savedAccount(id)
        try await vault.delete(id)
        await session.remember(deleted: saved)
        await showWrites()
        await backUpAfterChange()
    }
}
