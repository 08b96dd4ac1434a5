import Foundation
import Keel

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

    /// Creates the vault.
    var createVaultAction: CreateVaultUsecase { get }
    /// Unlocks the vault.
    var unlockVaultAction: UnlockVaultUsecase { get }
    /// Locks the vault.
    var lockVaultAction: LockVaultUsecase { get }
    /// Locks the vault when idle.
    var lockIfIdleAction: LockIfIdleUsecase { get }
    /// Adds an account from the form.
    var addAccountAction: AddAccountUsecase { get }
    /// Adds an account from an `otpauth://` link.
    var addAccountLinkAction: AddAccountLinkUsecase { get }
    /// Edits an account.
    var editAccountAction: EditAccountUsecase { get }
    /// Deletes an account.
    var deleteAccountAction: DeleteAccountUsecase { get }
    /// Brings back the account deleted last.
    var undoDeleteAction: UndoDeleteUsecase { get }
    /// Arranges the custom order.
    var reorderAccountsAction: ReorderAccountsUsecase { get }
    /// Marks an account as a favourite.
    var favouriteAccountAction: FavouriteAccountUsecase { get }
    /// Sets an account's tags.
    var tagAccountAction: TagAccountUsecase { get }
    /// The code to copy, recording its use.
    var copyCodeAction: CopyCodeUsecase { get }
    /// The code of an account at a moment.
    var makeCodeAction: MakeCodeUsecase { get }
    /// What an import would do.
    var previewImportAction: PreviewImportUsecase { get }
    /// Applies an import.
    var applyImportAction: ApplyImportUsecase { get }
    /// Exports the accounts.
    var exportAccountsAction: ExportAccountsUsecase { get }
    /// Saves the settings.
    var applySettingsAction: ApplySettingsUsecase { get }
    /// Saves the automatic backups' settings.
    var configureBackupsAction: ConfigureBackupsUsecase { get }
    /// Writes a backup now.
    var backUpNowAction: BackUpNowUsecase { get }
    /// Changes the passphrase.
    var changePassphraseAction: ChangePassphraseUsecase { get }
    /// Shows or hides a sheet.
    var presentSheetAction: PresentSheetUsecase { get }
    /// Forgets a scene that closed.
    var closeSceneAction: CloseSceneUsecase { get }
}
