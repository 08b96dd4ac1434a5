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

    /// Unwraps the data key with `passphrase`.
    ///
    /// A wrong passphrase throws ``VaultFizzle/wrongPassphrase`` and counts a
    /// failure; after repeated failures the next tries throw
    /// ``VaultFizzle/tryAgainLater(seconds:)`` until ``Passphrase/delay(afterFailures:)``
    /// has passed. The count survives the process, and a success resets it.
    func openKey(passphrase: String, at moment: Date) async throws(VaultFizzle) -> DataKey

    /// Wraps the data key with `newPassphrase` instead of `oldPassphrase`, in
    /// one transaction: the entries are not re-encrypted.
    func changePassphrase(from oldPassphrase: String, to newPassphrase: String, at moment: Date) async throws(VaultFizzle)
}

/// Keeps the accounts and settings of the vault: each secret sealed with
/// the data key, the rest in clear.
public protocol VaultWork: Sendable {
    /// Every account, secrets opened with `key`, in the custom order.
    ///
    /// Throws ``VaultFizzle/wrongPassphrase`` when `key` does not open them.
    func accounts(key: DataKey) async throws(VaultFizzle) -> [SavedAccount]

    /// Adds `accounts` after the others, in one transaction; returns them as saved.
    func add(_ accounts: [Account], key: DataKey) async throws(VaultFizzle) -> [SavedAccount]

    /// Saves `account` over the saved account of the same identifier.
    /// Throws ``VaultFizzle/accountNotFound`` when there is none.
    func update(_ account: SavedAccount, key: DataKey) async throws(VaultFizzle)

    /// Deletes the account `id`. Throws ``VaultFizzle/accountNotFound`` when there is none.
    func delete(_ id: AccountID) async throws(VaultFizzle)

    /// Saves a deleted account back, with its identifier and position (undo).
    func restore(_ account: SavedAccount, key: DataKey) async throws(VaultFizzle)

    /// Gives the accounts `ids` the positions of their order, in one transaction.
    func reorder(_ ids: [AccountID]) async throws(VaultFizzle)

    /// The saved settings (the defaults when none were saved).
    func settings() async throws(VaultFizzle) -> VaultSettings

    /// Saves `settings`.
    func save(_ settings: VaultSettings) async throws(VaultFizzle)
}
