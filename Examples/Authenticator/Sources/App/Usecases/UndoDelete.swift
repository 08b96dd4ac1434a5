import AuthenticatorDomain

extension Vessel {
    public var undoDeleteAction: UndoDeleteUsecase { undoDelete }

    func undoDelete() async throws(VaultFizzle) -> SavedAccount {
        let key = try await unlockedKey()
        guard let saved = await session.takeLastDeleted() else { throw .nothingToUndo }
        do {
            try await vault.restore(saved, key: key)
        } catch {
            await session.putBack(saved)
            throw error
        }
        await showWrites()
        await backUpAfterChange()
        return saved
    }
}
