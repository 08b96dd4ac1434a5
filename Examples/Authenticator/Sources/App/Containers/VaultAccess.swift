import AuthenticatorDomain
import Foundation
import Keel

/// What several usecases do with the unlocked vault and the accounts in
/// the app state.
extension Vessel {
    /// The data key, or ``VaultFizzle/locked``; counts as activity.
    func unlockedKey() async throws(VaultFizzle) -> DataKey {
        guard let key = await session.key else { throw .locked }
        noteActivity()
        return key
    }

    /// Records that someone used the app now, for auto-lock.
    func noteActivity() {
        let moment = now()
        store.update(at: { $0.system.lastActivity }) { $0 = moment }
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

    /// Saves what a person edits of `saved` over its earlier version, waits
    /// for the list to show it, and backs the vault up.
    /// Refuses an account whose fields another screen could not show as
    /// written (``Account/check()``): what a person typed is checked as an import is.
    func checked(_ account: Account) throws(VaultFizzle) -> Account {
        do throws(EntryFizzle) {
            try account.check()
        } catch {
            throw .invalidEntry(error)
        }
        return account
    }

    func save(_ saved: SavedAccount, key: DataKey) async throws(VaultFizzle) {
        try await vault.update(saved, key: key)
        await showWrites()
        await backUpAfterChange()
    }

    /// Reads the accounts and settings of the unlocked vault into the app
    /// state, and starts the query that keeps the list what the vault holds.
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
        await startFollowingVault(key: key)
    }

    /// The accounts as the vault holds them now (another process may have
    /// changed them and the list not show it yet), in the custom order.
    func currentAccounts(key: DataKey) async throws(VaultFizzle) -> [SavedAccount] {
        AccountSearch.sorted(try await vault.accounts(key: key), by: .custom)
    }
}
