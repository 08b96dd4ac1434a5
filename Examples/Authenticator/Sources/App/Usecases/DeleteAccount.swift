import AuthenticatorDomain

extension Vessel {
    public var deleteAccountAction: DeleteAccountUsecase { deleteAccount }

    /// Action: deletes an account, remembering it for undo until the vault
    /// locks; a sheet editing it closes as the list drops it (``followVaultQuery``).
    func deleteAccount(_ id: AccountID) async throws(VaultFizzle) {
        _ = try await unlockedKey()
        let saved = try savedAccount(id)
        try await vault.delete(id)
        await session.remember(deleted: saved)
        await showWrites()
        await backUpAfterChange()
    }
}
