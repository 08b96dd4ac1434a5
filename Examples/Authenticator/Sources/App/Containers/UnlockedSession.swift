import AuthenticatorDomain

/// What exists only while the vault is unlocked: the data key, and the
/// accounts deleted since, which undo brings back. Locking forgets both.
actor UnlockedSession {
    /// The data key of the unlocked vault.
    private(set) var key: DataKey?
    /// The accounts deleted while unlocked, the last one last.
    private var deleted: [SavedAccount] = []

    /// Keeps `key` until ``forget()``.
    func open(with key: DataKey) {
        self.key = key
        deleted = []
    }

    /// Forgets the key and the deleted accounts.
    func forget() {
        key = nil
        deleted = []
    }

    /// Remembers a deleted account for undo.
    func remember(deleted account: SavedAccount) {
        deleted.append(account)
    }

    /// The account deleted last, forgotten.
    func takeLastDeleted() -> SavedAccount? {
        deleted.popLast()
    }

    /// Puts back an account that undo could not restore.
    func putBack(_ account: SavedAccount) {
        deleted.append(account)
    }
}
