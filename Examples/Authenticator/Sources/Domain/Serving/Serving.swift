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
// returns once the list shows its change. A usecase's contract is the doc of
// its requirement below; its signature is the typealias after the protocol.

/// What screens receive from the container: the read-only app state, the
/// clock and the usecases.
///
/// The app's `Vessel` implements it; tests and previews use the same type
/// built with test workers (a raft, from `AuthenticatorTesting`). A view
/// model takes what it needs at init and lets the container go.
public protocol Serving: Sendable {
    /// The app state, read-only.
    var appState: Store<AppState> { get }
    /// The clock codes are made with (without the settings' offset).
    var clock: any TimeSource { get }

    /// Action: creates the vault protected by `passphrase` (typed twice) and
    /// leaves it unlocked. Throws when the passphrase is too short or the two differ.
    var createVaultAction: CreateVaultUsecase { get }
    /// Action: unlocks the vault and loads its accounts and settings.
    ///
    /// A wrong passphrase throws ``VaultFizzle/wrongPassphrase`` and changes
    /// nothing; after repeated failures, tries wait (``VaultFizzle/tryAgainLater(seconds:)``).
    /// With the vault already open, the passphrase is checked the same way, the
    /// accounts and settings are read again, and the rest of the state (the
    /// backups' state) stays: a host that opens the vault to each of its sessions
    /// only once it typed the passphrase (the web front-end, per browser) asks it so.
    /// Wrong passphrases count where `typist`'s are counted (``PassphraseTry``).
    var unlockVaultAction: UnlockVaultUsecase { get }
    /// Action: locks the vault: forgets the data key, the accounts, the
    /// settings read from the vault, the backups' state and every sheet.
    var lockVaultAction: LockVaultUsecase { get }
    /// Action: locks the vault when nobody used it for the auto-lock time of
    /// the settings (never when it is zero); returns whether it did.
    var lockIfIdleAction: LockIfIdleUsecase { get }
    /// Action: adds an account (from the add-account form) after the others,
    /// unless the vault has it already (its unique index decides, whoever
    /// added it, even at the same moment).
    var addAccountAction: AddAccountUsecase { get }
    /// Action: adds the account an `otpauth://` link describes.
    var addAccountLinkAction: AddAccountLinkUsecase { get }
    /// Action: changes an account's issuer, name and note.
    var editAccountAction: EditAccountUsecase { get }
    /// Action: deletes an account, remembering it until the vault locks:
    /// ``undoDeleteAction`` brings the last one back. A sheet editing it
    /// closes as the list drops it (``FollowVaultQuery``).
    var deleteAccountAction: DeleteAccountUsecase { get }
    /// Action: brings back the account deleted last, in its place.
    var undoDeleteAction: UndoDeleteUsecase { get }
    /// Action: arranges the custom order: `ids` first, in this order, then
    /// the others as they were.
    var reorderAccountsAction: ReorderAccountsUsecase { get }
    /// Action: marks an account as a favourite, or not.
    var favouriteAccountAction: FavouriteAccountUsecase { get }
    /// Action: sets an account's tags (trimmed, empty ones and repeats dropped).
    var tagAccountAction: TagAccountUsecase { get }
    /// Action: the code to copy for an account, recording when it was used.
    ///
    /// The code is made from the account as the vault holds it, not from the
    /// app state's copy: another process may have advanced a counter-based
    /// account's counter. For a counter-based (HOTP) account, the vault
    /// advances the counter and records the use in one transaction before the
    /// code is returned: if saving fails, no code is shown, so that no code is
    /// ever shown twice and two processes never hand out the same code.
    var copyCodeAction: CopyCodeUsecase { get }
    /// Action: the code of an account at a moment (the settings' time offset
    /// applied); changes nothing. For a counter-based account, the code of its
    /// current counter.
    var makeCodeAction: MakeCodeUsecase { get }
    /// Action: reads `data` as `format` and says what importing it would do,
    /// entry by entry, against the accounts of the vault. Saves nothing.
    var previewImportAction: PreviewImportUsecase { get }
    /// Action: adds the accounts chosen from a preview, in one transaction;
    /// those already in the vault, and those chosen twice, are skipped and
    /// counted apart (so that the summary never calls a repeat of the import
    /// "already in the vault").
    var applyImportAction: ApplyImportUsecase { get }
    /// Action: writes every account, as the vault holds them now, in the
    /// custom order, as `format`: an encrypted Aegis vault with `password`,
    /// or a plain format only when `confirmedPlain`.
    ///
    /// An Aegis vault's `password` follows the rules of a passphrase; without
    /// a password it is a plain vault, written (as any other format, which
    /// holds the secrets in clear) only when `confirmedPlain`. An Aegis
    /// export with neither asks for the password.
    ///
    /// The vault's `passphrase` is asked again, so that an unlocked vault
    /// alone (a window left open, another program reaching the web front-end)
    /// does not export its secrets. It is checked like an unlock try: a wrong
    /// one exports nothing and counts as a wrong passphrase (the delay after
    /// several grows).
    ///
    /// The accounts are read from the vault, not from the app state: another
    /// process (a second server, the command line) may have changed them
    /// since this one unlocked, and an export is a backup that must hold them.
    var exportAccountsAction: ExportAccountsUsecase { get }
    /// Action: saves the settings; every screen follows at once.
    var applySettingsAction: ApplySettingsUsecase { get }
    /// Action: saves the automatic backups' settings and, unless `nil`, their
    /// password (kept sealed with the data key); when backups are on, writes
    /// one at once and returns how it went, so that a folder that cannot be
    /// used is known now, not after a change. Throws when a setting is wrong
    /// or no password is saved for backups turned on.
    var configureBackupsAction: ConfigureBackupsUsecase { get }
    /// Action: writes an automatic backup now (they are written after every
    /// change), from the vault as it is on disk (another process's changes
    /// included), with the settings saved there; returns how it went, as
    /// ``AppState/backup`` then says. Nothing is written while the vault is
    /// locked or backups are off.
    var backUpNowAction: BackUpNowUsecase { get }
    /// Action: changes the passphrase (the new one typed twice): only the data
    /// key is rewrapped, the entries stay as they are.
    var changePassphraseAction: ChangePassphraseUsecase { get }
    /// Action: shows a sheet in a scene, or hides it with `nil`. While the
    /// vault is locked no sheet shows: the unlock screen is all there is.
    var presentSheetAction: PresentSheetUsecase { get }
    /// Action: forgets a scene that closed.
    var closeSceneAction: CloseSceneUsecase { get }
    /// Action: takes `notice` off every screen, once its reader has read it
    /// (``AppState/System/notices``); one that is not shown changes nothing.
    var dismissNoticeAction: DismissNoticeUsecase { get }
}

/// Query: keeps ``AppState/accounts`` what the vault, opened with `key`,
/// holds, until the calling task is cancelled.
///
/// `Serving` does not hand it out: the container runs it itself, from the
/// moment the vault unlocks to the moment it locks. The list then follows
/// every change of the vault, an action's as another process's (the command
/// line adding an account on the same data directory shows in an open window
/// or browser tab). A query is one-way (article 001): usecases write the
/// vault, and every change reaches the list through it. A sheet editing an
/// account that is gone closes; a vault that cannot be read any more leaves
/// the list as it was, with the failure.
public typealias FollowVaultQuery = @Sendable (_ key: DataKey) async -> Void

/// The signature of ``Serving/createVaultAction``.
public typealias CreateVaultUsecase = @Sendable (_ passphrase: String, _ confirmation: String) async throws(VaultFizzle) -> Void

/// The signature of ``Serving/unlockVaultAction``.
public typealias UnlockVaultUsecase = @Sendable (_ passphrase: String, _ typist: PassphraseTry) async throws(VaultFizzle) -> Void

/// The signature of ``Serving/lockVaultAction``.
public typealias LockVaultUsecase = @Sendable () async -> Void

/// The signature of ``Serving/lockIfIdleAction``.
public typealias LockIfIdleUsecase = @Sendable () async -> Bool

/// The signature of ``Serving/addAccountAction``.
public typealias AddAccountUsecase = @Sendable (_ account: Account) async throws(VaultFizzle) -> SavedAccount

/// The signature of ``Serving/addAccountLinkAction``.
public typealias AddAccountLinkUsecase = @Sendable (_ link: String) async throws(VaultFizzle) -> SavedAccount

/// The signature of ``Serving/editAccountAction``.
public typealias EditAccountUsecase = @Sendable (_ id: AccountID, _ edit: AccountEdit) async throws(VaultFizzle) -> Void

/// The signature of ``Serving/deleteAccountAction``.
public typealias DeleteAccountUsecase = @Sendable (_ id: AccountID) async throws(VaultFizzle) -> Void

/// The signature of ``Serving/undoDeleteAction``.
public typealias UndoDeleteUsecase = @Sendable () async throws(VaultFizzle) -> SavedAccount

/// The signature of ``Serving/reorderAccountsAction``.
public typealias ReorderAccountsUsecase = @Sendable (_ ids: [AccountID]) async throws(VaultFizzle) -> Void

/// The signature of ``Serving/favouriteAccountAction``.
public typealias FavouriteAccountUsecase = @Sendable (_ id: AccountID, _ isFavourite: Bool) async throws(VaultFizzle) -> Void

/// The signature of ``Serving/tagAccountAction``.
public typealias TagAccountUsecase = @Sendable (_ id: AccountID, _ tags: [String]) async throws(VaultFizzle) -> Void

/// The signature of ``Serving/copyCodeAction``.
public typealias CopyCodeUsecase = @Sendable (_ id: AccountID) async throws(VaultFizzle) -> OneTimeCode

/// The signature of ``Serving/makeCodeAction``.
public typealias MakeCodeUsecase = @Sendable (_ account: Account, _ moment: Date) -> OneTimeCode

/// The signature of ``Serving/previewImportAction``.
public typealias PreviewImportUsecase = @Sendable (_ data: Data, _ format: ImportFormat, _ password: String?) async throws(VaultFizzle) -> ImportReport

/// The signature of ``Serving/applyImportAction``.
public typealias ApplyImportUsecase = @Sendable (_ accounts: [Account]) async throws(VaultFizzle) -> ImportSummary

/// The signature of ``Serving/exportAccountsAction``.
public typealias ExportAccountsUsecase = @Sendable (_ passphrase: String, _ format: ImportFormat, _ password: String?, _ confirmedPlain: Bool) async throws(VaultFizzle) -> Export

/// The signature of ``Serving/applySettingsAction``.
public typealias ApplySettingsUsecase = @Sendable (_ settings: VaultSettings) async throws(VaultFizzle) -> Void

/// The signature of ``Serving/configureBackupsAction``.
public typealias ConfigureBackupsUsecase = @Sendable (_ settings: BackupSettings, _ password: String?) async throws(VaultFizzle) -> BackupStatus

/// The signature of ``Serving/backUpNowAction``.
public typealias BackUpNowUsecase = @Sendable () async -> BackupStatus

/// The signature of ``Serving/changePassphraseAction``.
public typealias ChangePassphraseUsecase = @Sendable (_ old: String, _ new: String, _ confirmation: String) async throws(VaultFizzle) -> Void

/// The signature of ``Serving/presentSheetAction``.
public typealias PresentSheetUsecase = @Sendable (_ scene: String, _ sheet: AppState.Sheet?) -> Void

/// The signature of ``Serving/closeSceneAction``.
public typealias CloseSceneUsecase = @Sendable (_ scene: String) -> Void

/// The signature of ``Serving/dismissNoticeAction``.
public typealias DismissNoticeUsecase = @Sendable (_ notice: VaultNotice) -> Void
