import AuthenticatorDomain
import Keel

/// A container that serves the usecases of its ``Deck``: both ``Vessel``
/// and ``Raft`` are one, so `Serving` is implemented once, here.
protocol UsecaseContainer: Serving {
    /// The store and workers the usecases run with.
    var deck: Deck { get }
}

extension UsecaseContainer {
    public var appState: Store<AppState> { deck.store.readOnly }
    public var clock: any TimeSource { deck.clock }
    public var createVaultAction: CreateVaultUsecase { deck.createVault }
    public var unlockVaultAction: UnlockVaultUsecase { deck.unlockVault }
    public var lockVaultAction: LockVaultUsecase { deck.lockVault }
    public var lockIfIdleAction: LockIfIdleUsecase { deck.lockIfIdle }
    public var addAccountAction: AddAccountUsecase { deck.addAccount }
    public var addAccountLinkAction: AddAccountLinkUsecase { deck.addAccountLink }
    public var editAccountAction: EditAccountUsecase { deck.editAccount }
    public var deleteAccountAction: DeleteAccountUsecase { deck.deleteAccount }
    public var undoDeleteAction: UndoDeleteUsecase { deck.undoDelete }
    public var reorderAccountsAction: ReorderAccountsUsecase { deck.reorderAccounts }
    public var favouriteAccountAction: FavouriteAccountUsecase { deck.favouriteAccount }
    public var tagAccountAction: TagAccountUsecase { deck.tagAccount }
    public var copyCodeAction: CopyCodeUsecase { deck.copyCode }
    public var makeCodeAction: MakeCodeUsecase { deck.makeCode }
    public var previewImportAction: PreviewImportUsecase { deck.previewImport }
    public var applyImportAction: ApplyImportUsecase { deck.applyImport }
    public var exportAccountsAction: ExportAccountsUsecase { deck.exportAccounts }
    public var applySettingsAction: ApplySettingsUsecase { deck.applySettings }
    public var configureBackupsAction: ConfigureBackupsUsecase { deck.configureBackups }
    public var backUpNowAction: BackUpNowUsecase { deck.backUpNow }
    public var changePassphraseAction: ChangePassphraseUsecase { deck.changePassphrase }
    public var presentSheetAction: PresentSheetUsecase { deck.presentSheet }
    public var closeSceneAction: CloseSceneUsecase { deck.closeScene }
}
