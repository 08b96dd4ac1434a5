import AuthenticatorDomain
import AuthenticatorPresentation
import Keel
import KeelWeb

/// The settings page: the form of ``SettingsViewState``, the automatic
/// backups (``BackupSettingsViewState``, with how the last one went), the
/// change of passphrase (``ChangePassphraseViewModel``) and "lock now".
struct SettingsPage: FramedPage {
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
    /// The tab's interface language: its browser's (empty value) or one of the catalog's.
    let interfaceLanguages: [Choice]

    /// Each interface language, named in itself.
    static let endonyms = ["en": "English", "ko": "한국어"]

    @MainActor
    init(
        session: AuthenticatorTab, in frontEnd: AuthenticatorFrontEnd, form: SettingsViewState, saved: Bool,
        backup: BackupSettingsViewState? = nil, error: LocalizedText? = nil, passphrase: ChangePassphraseViewModel? = nil
    ) {
        frame = PageFrame(session: session, in: frontEnd, title: "Settings", page: "settings")
        let words = frontEnd.wording(of: session)
        timeOffset = form.timeOffset
        showsNextCode = form.showsNextCode
        autoLocks = SettingsViewState.autoLockChoices.map {
            Choice(value: String($0), title: words(SettingsViewState.title(ofAutoLock: $0)), selected: $0 == form.autoLockMinutes)
        }
        orders = AccountOrder.allCases.map { Choice(value: $0.rawValue, title: words($0.title), selected: $0 == form.sortOrder) }
        self.error = (error ?? form.message).map { words($0) }
        self.saved = saved
        passphraseError = passphrase?.message.map { words($0) }
        passphraseChanged = passphrase?.isDone ?? false
        let state = session.appState.read { $0.backup }
        self.backup = BackupSection(form: backup ?? BackupSettingsViewState(state), status: state.status, wording: words)
        let chosen = session.chosenLanguage ?? ""
        interfaceLanguages = [Choice(value: "", title: words("The browser's language"), selected: chosen.isEmpty)]
            + words.catalog.languages.map { code in
                Choice(value: code, title: Self.endonyms[code] ?? code, selected: code == chosen)
            }
    }
}

/// The automatic backups' part of the settings page. Never shows a password back.
struct BackupSection: Sendable {
    let enabled: Bool
    let folder: String
    let kept: String
    let hasPassword: Bool
    let status: String
    /// How the status reads: good news (`summary`), bad (`error`), or neither, as when backups are off (`status`).
    let statusStyle: String
    let error: String?

    init(form: BackupSettingsViewState, status: BackupStatus, wording words: Wording) {
        enabled = form.isOn
        folder = form.folder
        kept = form.kept
        hasPassword = form.hasPassword
        self.status = words(BackupSettingsViewState.statusLine(status, locale: words.locale))
        statusStyle = status.isFailure ? "error" : status == .off ? "status" : "summary"
        error = form.message.map { words($0) }
    }
}
