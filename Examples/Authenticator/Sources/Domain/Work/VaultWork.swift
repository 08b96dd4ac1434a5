import Foundation

/// Keeps the vault's data key, wrapped by the passphrase.
///
/// The data layer's worker keeps it in the vault's SQLite file, wrapped with
/// a key derived from the passphrase by scrypt; an Apple worker may keep it in
/// the Keychain instead. Either way the usecases see only this protocol.
public protocol VaultKeyWork: Sendable {
    /// Whether a vault exists (a wrapped key is stored).
    func keyExists() async throws(VaultFizzle) -> Bool

    /// Creates a new random data key, stores it wrapped by `passphrase` and
    /// returns it. Throws ``VaultFizzle/vaultExists`` when there is one.
    func createKey(passphrase: String) async throws(VaultFizzle) -> DataKey

    /// Unwraps the data key with `passphrase`, typed by `typist`.
    ///
    /// A wrong passphrase throws ``VaultFizzle/wrongPassphrase`` and counts a
    /// failure where `typist`'s are counted (``PassphraseTry``); after
    /// repeated failures the next tries throw ``VaultFizzle/tryAgainLater(seconds:)``
    /// until ``Passphrase/delay(afterFailures:)`` has passed. The owner's
    /// count survives the process, unknown clients' lasts as long as it; a
    /// success resets the count of its typist (and an unknown client's, the owner's too). A try that never finished (its process was
    /// killed) counts for nothing.
    func openKey(passphrase: String, at moment: Date, by typist: PassphraseTry) async throws(VaultFizzle) -> DataKey

    /// Wraps the data key with `newPassphrase` instead of `oldPassphrase`, in
    /// one transaction: the entries are not re-encrypted. Throws
    /// ``VaultFizzle/passphraseChangedElsewhere``, saving nothing, when another
    /// change was saved after this one read the key.
    func changePassphrase(from oldPassphrase: String, to newPassphrase: String, at moment: Date) async throws(VaultFizzle)
}

extension VaultKeyWork {
    /// Unwraps the data key with `passphrase`, typed by the owner.
    public func openKey(passphrase: String, at moment: Date) async throws(VaultFizzle) -> DataKey {
        try await openKey(passphrase: passphrase, at: moment, by: .owner)
    }
}

/// Keeps the accounts and settings of the vault: each secret sealed with
/// the data key, the rest in clear.
public protocol VaultWork: Sendable {
    /// Every account, secrets opened with `key`, in the custom order.
    ///
    /// Throws ``VaultFizzle/wrongPassphrase`` when `key` does not open them.
    func accounts(key: DataKey) async throws(VaultFizzle) -> [SavedAccount]

    /// The accounts (secrets opened with `key`) with their revision, now
    /// and after each change, by this process or another, until the
    /// sequence is dropped or its task cancelled. A failure ends the sequence
    /// with a ``VaultFizzle``.
    func observeAccounts(key: DataKey) -> AsyncThrowingStream<VaultAccounts, any Error>

    /// The revision of the accounts now: the one a list read after this
    /// call will be at, at least.
    func revision() async throws(VaultFizzle) -> Int64

    /// Adds `accounts` after the others, in one transaction; returns them as saved.
    /// Throws ``VaultFizzle/duplicate(label:)``, adding none, when one of
    /// them is in the vault already (the same ``Account/identity``), saved
    /// by this process or another, even at the same moment.
    func add(_ accounts: [Account], key: DataKey) async throws(VaultFizzle) -> [SavedAccount]

    /// Saves what a person edits of `account` (issuer, name, note, tags and
    /// favourite mark) over the saved account of the same identifier; its
    /// secret, parameters, counter, position and last use stay as the vault
    /// has them, whatever another process did to them since `account` was read.
    /// Throws ``VaultFizzle/accountNotFound`` when there is none, and
    /// ``VaultFizzle/duplicate(label:)`` when the new issuer and name make it
    /// another account of the vault.
    func update(_ account: SavedAccount, key: DataKey) async throws(VaultFizzle)

    /// Records that the account `id` was used at `moment` and, for a
    /// counter-based account, advances its counter: one statement inside the
    /// transaction that reads it, so that two processes never hand out the
    /// same code. Returns the account as the vault held it just before (its
    /// code is the one to show). Throws ``VaultFizzle/accountNotFound`` when there is none.
    func markUsed(_ id: AccountID, at moment: Date, key: DataKey) async throws(VaultFizzle) -> SavedAccount

    /// Deletes the account `id`. Throws ``VaultFizzle/accountNotFound`` when there is none.
    func delete(_ id: AccountID) async throws(VaultFizzle)

    /// Saves a deleted account back, with its identifier and position (undo).
    /// Throws ``VaultFizzle/duplicate(label:)`` when the vault holds it again
    /// under another identifier.
    func restore(_ account: SavedAccount, key: DataKey) async throws(VaultFizzle)

    /// Gives the accounts `ids` the positions of their order, in one transaction.
    func reorder(_ ids: [AccountID]) async throws(VaultFizzle)

    /// The saved settings (the defaults when none were saved).
    func settings() async throws(VaultFizzle) -> VaultSettings

    /// Saves `settings`.
    func save(_ settings: VaultSettings) async throws(VaultFizzle)

    /// The automatic backups' settings (off when none were saved), and
    /// whether a password is saved for them.
    func backupSettings() async throws(VaultFizzle) -> (settings: BackupSettings, hasPassword: Bool)

    /// The automatic backups' password, opened with `key`; `nil` when none is saved.
    func backupPassword(key: DataKey) async throws(VaultFizzle) -> String?

    /// A short name of this vault (8 hexadecimal digits), the same for its
    /// whole life (a passphrase change keeps it) and another for every other
    /// vault: its backups' file names carry it, so that vaults sharing a
    /// folder each keep and remove only their own.
    func backupName() async throws(VaultFizzle) -> String

    /// Saves the automatic backups' settings and, unless `nil`, their
    /// password sealed with `key` (never in clear).
    func saveBackupSettings(_ settings: BackupSettings, password: String?, key: DataKey) async throws(VaultFizzle)
}
