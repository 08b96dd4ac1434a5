import Foundation
import Keel

// The usecases of the Authenticator app: functions, not classes (article 001).
// The container (Vessel) implements each one, in a file of its own. An
// Action (DESIGN.md's vocabulary) answers a request of the user by returning
// a result, changing the app state or the vault, or both; the container hands
// it out through `Serving`. A Query keeps a part of the app state in sync with
// a source, one way: the vault's accounts, which the container follows itself
// from unlock to lock. Every action that needs the vault open throws
// `VaultFizzle.locked` while it is locked, and counts as activity for
// auto-lock. An action that changes accounts only writes the vault, and
// returns once the list shows its change.

/// Query: keeps ``AppState/accounts`` what the vault, opened with `key`,
/// holds, until the calling task is cancelled.
///
/// The container runs it from the moment the vault unlocks to the moment it
/// locks: the list then follows every change of the vault, an action's as
/// another process's (the command line adding an account on the same data
/// directory shows in an open window or browser tab).
public typealias FollowVaultQuery = @Sendable (_ key: DataKey) async -> Void

/// Action: creates the vault protected by `passphrase` (typed twice) and
/// leaves it unlocked. Throws when the passphrase is too short or the two differ.
public typealias CreateVaultUsecase = @Sendable (_ passphrase: String, _ confirmation: String) async throws(VaultFizzle) -> Void

/// Action: unlocks the vault and loads its accounts and settings.
///
/// A wrong passphrase throws ``VaultFizzle/wrongPassphrase`` and changes
/// nothing; after repeated failures, tries wait (``VaultFizzle/tryAgainLater(seconds:)``).
/// With the vault already open, the passphrase is checked the same way, the
/// accounts and settings are read again, and the rest of the state (the
/// backups' state) stays: a host that opens the vault to each of its sessions
/// only once it typed the passphrase (the web front-end, per browser) asks it so.
/// Wrong passphrases count where `typist`'s are counted (``PassphraseTry``).
public typealias UnlockVaultUsecase = @Sendable (_ passphrase: String, _ typist: PassphraseTry) async throws(VaultFizzle) -> Void

/// Action: locks the vault: forgets the data key, the accounts and every sheet.
public typealias LockVaultUsecase = @Sendable () async -> Void

/// Action: locks the vault when nobody used it for the auto-lock time; returns whether it did.
public typealias LockIfIdleUsecase = @Sendable () async -> Bool

/// Action: adds an account (from the add-account form) after the others.
public typealias AddAccountUsecase = @Sendable (_ account: Account) async throws(VaultFizzle) -> SavedAccount

/// Action: adds the account an `otpauth://` link describes.
public typealias AddAccountLinkUsecase = @Sendable (_ link: String) async throws(VaultFizzle) -> SavedAccount

/// Action: changes an account's issuer, name and note.
public typealias EditAccountUsecase = @Sendable (_ id: AccountID, _ edit: AccountEdit) async throws(VaultFizzle) -> Void

/// Action: deletes an account; ``UndoDeleteUsecase`` brings the last one back.
public typealias DeleteAccountUsecase = @Sendable (_ id: AccountID) async throws(VaultFizzle) -> Void

/// Action: brings back the account deleted last, in its place.
public typealias UndoDeleteUsecase = @Sendable () async throws(VaultFizzle) -> SavedAccount

/// Action: arranges the custom order: `ids` first, in this order, then the others as they were.
public typealias ReorderAccountsUsecase = @Sendable (_ ids: [AccountID]) async throws(VaultFizzle) -> Void

/// Action: marks an account as a favourite, or not.
public typealias FavouriteAccountUsecase = @Sendable (_ id: AccountID, _ isFavourite: Bool) async throws(VaultFizzle) -> Void

/// Action: sets an account's tags (trimmed, empty ones and repeats dropped).
public typealias TagAccountUsecase = @Sendable (_ id: AccountID, _ tags: [String]) async throws(VaultFizzle) -> Void

/// Action: the code to copy for an account, recording when it was used.
///
/// For a counter-based (HOTP) account it advances the counter and saves it
/// before the code is returned, so that no code is ever shown twice.
public typealias CopyCodeUsecase = @Sendable (_ id: AccountID) async throws(VaultFizzle) -> OneTimeCode

/// Action: the code of an account at a moment (the settings' time offset
/// applied); changes nothing. For a counter-based account, the code of its
/// current counter.
public typealias MakeCodeUsecase = @Sendable (_ account: Account, _ moment: Date) -> OneTimeCode

/// Action: reads `data` as `format` and says what importing it would do, entry
/// by entry, against the accounts of the vault. Saves nothing.
public typealias PreviewImportUsecase = @Sendable (_ data: Data, _ format: ImportFormat, _ password: String?) async throws(VaultFizzle) -> ImportReport

/// Action: adds the accounts chosen from a preview, in one transaction; those
/// already in the vault, and those chosen twice, are skipped and counted.
public typealias ApplyImportUsecase = @Sendable (_ accounts: [Account]) async throws(VaultFizzle) -> ImportSummary

/// Action: writes every account, as the vault holds them now, as `format`:
/// an encrypted Aegis vault with `password`, or a plain format only when
/// `confirmedPlain`.
///
/// The vault's `passphrase` is asked again, so that an unlocked vault alone
/// (a window left open, another program reaching the web front-end) does
/// not export its secrets: a wrong one exports nothing and counts as a wrong
/// unlock try (the delay after several grows).
public typealias ExportAccountsUsecase = @Sendable (_ passphrase: String, _ format: ImportFormat, _ password: String?, _ confirmedPlain: Bool) async throws(VaultFizzle) -> Export

/// Action: saves the settings.
public typealias ApplySettingsUsecase = @Sendable (_ settings: VaultSettings) async throws(VaultFizzle) -> Void

/// Action: saves the automatic backups' settings and, unless `nil`, their
/// password (kept sealed with the data key); when backups are on, writes one
/// at once and returns how it went. Throws when a setting is wrong or no
/// password is saved for backups turned on.
public typealias ConfigureBackupsUsecase = @Sendable (_ settings: BackupSettings, _ password: String?) async throws(VaultFizzle) -> BackupStatus

/// Action: writes an automatic backup now (they are written after every
/// change); returns how it went, as ``AppState/backup`` then says.
public typealias BackUpNowUsecase = @Sendable () async -> BackupStatus

/// Action: changes the passphrase (the new one typed twice): rewraps the data key only.
public typealias ChangePassphraseUsecase = @Sendable (_ old: String, _ new: String, _ confirmation: String) async throws(VaultFizzle) -> Void

/// Action: shows a sheet in a scene, or hides it with `nil`.
public typealias PresentSheetUsecase = @Sendable (_ scene: String, _ sheet: AppState.Sheet?) -> Void

/// Action: forgets a scene that closed.
public typealias CloseSceneUsecase = @Sendable (_ scene: String) -> Void

/// What applying an import did.
public struct ImportSummary: Hashable, Sendable {
    /// How many accounts were added.
    public let added: Int
    /// How many were already in the vault and skipped.
    public let skipped: Int
    /// How many repeated an account earlier in the same import and were skipped.
    public let repeated: Int

    /// Creates a summary.
    public init(added: Int, skipped: Int, repeated: Int = 0) {
        self.added = added
        self.skipped = skipped
        self.repeated = repeated
    }

    /// The summary in a sentence ("Added 3 accounts; 1 was already in the
    /// vault; 1 appeared twice in the import.").
    public var message: LocalizedText {
        var text: LocalizedText = added == 1 ? "Added \(added) account" : "Added \(added) accounts"
        if skipped > 0 {
            let part: LocalizedText =
                skipped == 1 ? "\(skipped) was already in the vault" : "\(skipped) were already in the vault"
            text = "\(text); \(part)"
        }
        if repeated > 0 {
            let part: LocalizedText =
                repeated == 1
                ? "\(repeated) was a repeat of an account earlier in the import"
                : "\(repeated) were repeats of an account earlier in the import"
            text = "\(text); \(part)"
        }
        return "\(text)."
    }
}
