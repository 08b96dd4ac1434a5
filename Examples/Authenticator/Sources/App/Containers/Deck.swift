import AuthenticatorDomain
import Foundation
import Keel

/// What the usecases run with: the store (the owner's face) and the workers.
///
/// Both containers, ``Vessel`` and ``Raft``, hold one and hand out its
/// usecases through `Serving`; only the workers they put on deck differ.
/// Each usecase lives in its own file, as an extension of `Deck`.
struct Deck: Sendable {
    /// The single source of truth; only usecases write it.
    let store: MutableStore<AppState>
    /// Keeps the data key, wrapped by the passphrase.
    let keys: any VaultKeyWork
    /// Keeps the accounts and settings.
    let vault: any VaultWork
    /// Makes codes.
    let codes: any CodeWork
    /// Reads other authenticators' files.
    let importer: any ImportWork
    /// Writes them.
    let exporter: any ExportWork
    /// Writes the automatic backups.
    let backups: any BackupWork
    /// The current time.
    let clock: any TimeSource
    /// Where developer errors go.
    let logbook: any Logbook
    /// What lives only while the vault is unlocked.
    let session = UnlockedSession()
    /// Runs the automatic backups one at a time.
    let backupRunner = BackupRunner()

    /// The data key, or ``VaultFizzle/locked``; counts as activity.
    func unlockedKey() async throws(VaultFizzle) -> DataKey {
        guard let key = await session.key else { throw .locked }
        noteActivity()
        return key
    }

    /// Records that someone used the app now, for auto-lock.
    func noteActivity() {
        let now = clock.now()
        store.update(at: { $0.system.lastActivity }) { $0 = now }
    }

    /// The saved accounts as the app state holds them.
    var savedAccounts: [SavedAccount] {
        store.state.accounts.value ?? []
    }

    /// The saved account `id`, or ``VaultFizzle/accountNotFound``.
    func savedAccount(_ id: AccountID) throws(VaultFizzle) -> SavedAccount {
        guard let saved = savedAccounts.first(where: { $0.id == id }) else { throw .accountNotFound }
        return saved
    }

    /// Saves what a person edits of `saved` over its earlier version, in the
    /// vault then in the app state, and backs the vault up.
    func save(_ saved: SavedAccount, key: DataKey) async throws(VaultFizzle) {
        try await vault.update(saved, key: key)
        replaceInState(saved)
        await backUpAfterChange()
    }

    /// Puts `saved` in the app state in place of its earlier version.
    func replaceInState(_ saved: SavedAccount) {
        store.update(at: { $0.accounts }) { accounts in
            accounts = accounts.map { list in list.map { $0.id == saved.id ? saved : $0 } }
        }
    }

    /// Reads the accounts and settings of the unlocked vault into the app state.
    func loadVault(key: DataKey) async throws(VaultFizzle) {
        let settings = try await vault.settings()
        let backup = try await vault.backupSettings()
        let accounts = try await vault.accounts(key: key)
        store.update { state in
            state.settings = settings
            state.backup = BackupState(
                settings: backup.settings, hasPassword: backup.hasPassword, status: backup.settings.isOn ? .waiting : .off)
            state.accounts = .loaded(accounts)
            state.lock = .unlocked
        }
    }

    /// The accounts as the vault holds them now (another process may have
    /// changed them), in the custom order; the app state follows them.
    func currentAccounts(key: DataKey) async throws(VaultFizzle) -> [SavedAccount] {
        let saved = try await vault.accounts(key: key)
        store.update(at: { $0.accounts }) { accounts in
            if accounts.value != nil { accounts = .loaded(saved) }
        }
        return AccountSearch.sorted(saved, by: .custom)
    }
}

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
