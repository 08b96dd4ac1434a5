import AuthenticatorDomain

extension Vessel {
    public var deleteAccountAction: DeleteAccountUsecase { deleteAccount }

    /// Action: deletes an account, remembering it for undo until the vault locks.
    func deleteAccount(_ id: AccountID) async throws(VaultFizzle) {
        _ = try await unlockedKey()
        let saved = try savedAccount(id)
        try await vault.delete(id)
        await session.remember(deleted: saved)
        // One update: nobody sees the account gone while a sheet still edits it.
        store.update { state in
            state.accounts = state.accounts.map { $0.filter { $0.id != id } }
            // A sheet editing the deleted account has nothing left to edit.
            for (scene, route) in state.routing where route.sheet == .editAccount(id) {
                state.routing[scene] = nil
            }
        }
        await backUpAfterChange()
    }
}
