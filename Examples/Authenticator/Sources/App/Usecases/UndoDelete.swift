import AuthenticatorDomain

extension Vessel {
    public var undoDeleteAction: UndoDeleteUsecase { undoDelete }

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
        await backUpAfterChange()
        return saved
    }
}
