import AuthenticatorDomain

extension Deck {
    /// Action: deletes an account, remembering it for undo until the vault locks.
    func deleteAccount(_ id: AccountID) async throws(VaultFizzle) {
        _ = try await unlockedKey()
        let saved = try savedAccount(id)
        try await vault.delete(id)
        await session.remember(deleted: saved)
        store.update(at: { $0.accounts }) { accounts in
            accounts = accounts.map { $0.filter { $0.id != id } }
        }
        // A sheet editing the deleted account has nothing left to edit.
        store.update(at: { $0.routing }) { routing in
            for (scene, route) in routing where route.sheet == .editAccount(id) {
                routing[scene] = nil
            }
        }
    }

    /// Action: brings back the account deleted last, in its place.
    func undoDelete() async throws(VaultFizzle) -> SavedAccount {
        let key = try await unlockedKey()
        guard let saved = await session.takeLastDeleted() else { throw .nothingToUndo }
        do {
            try await vault.restore(saved, key: key)
        } catch {
            await session.putBack(saved)
            throw error
        }
        store.update(at: { $0.accounts }) { accounts in
            accounts = accounts.map { list in
                (list + [saved]).sorted { ($0.position, $0.id) < ($1.position, $1.id) }
            }
        }
        return saved
    }
}
