import AuthenticatorDomain
import AuthenticatorPresentation

/// The settings page: the form of ``SettingsViewState``, the automatic
/// backups (``BackupSettingsViewState``, with how the last one went), the
/// change of passphrase (``ChangePassphraseViewModel``) and "lock now".
struct SettingsPage: Sendable {
    let frame: PageFrame
    let timeOffset: String
    let showsNextCode: Bool
    let autoLocks: [Choice]
    let orders: [Choice]
    let error: String?
    let saved: Bool
    let passphraseError: String?
    let passphraseChanged: Bool
    let backup: BackupSection

    @MainActor
    init(session: AuthenticatorTab, form: SettingsViewState, saved: Bool, backup: BackupSettingsViewState? = nil) {
        frame = PageFrame(session: session, title: "Settings", page: "settings")
        timeOffset = form.timeOffset
        showsNextCode = form.showsNextCode
        autoLocks = SettingsViewState.autoLockChoices.map {
            Choice(value: String($0), title: SettingsViewState.title(ofAutoLock: $0), selected: $0 == form.autoLockMinutes)
        }
        orders = AccountOrder.allCases.map { Choice(value: $0.rawValue, title: $0.title, selected: $0 == form.sortOrder) }
        error = form.message
        self.saved = saved
        passphraseError = session.passphrase.message
        passphraseChanged = session.passphrase.isDone
        let state = session.appState.read { $0.backup }
        self.backup = BackupSection(form: backup ?? BackupSettingsViewState(state), status: state.status)
    }
}

/// The automatic backups' part of the settings page. Never shows a password back.
struct BackupSection: Sendable {
    let enabled: Bool
    let folder: String
    let kept: String
    let hasPassword: Bool
    let status: String
    let failed: Bool
    let error: String?

    init(form: BackupSettingsViewState, status: BackupStatus) {
        enabled = form.isOn
        folder = form.folder
        kept = form.kept
        hasPassword = form.hasPassword
        self.status = BackupSettingsViewState.statusLine(status).description
        failed = status.isFailure
        error = form.message
    }
}
