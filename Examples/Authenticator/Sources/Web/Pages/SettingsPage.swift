import AuthenticatorDomain
import AuthenticatorPresentation

/// The settings page: the form of ``SettingsViewState``, the change of
/// passphrase (``ChangePassphraseViewModel``) and "lock now".
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

    @MainActor
    init(session: AuthenticatorTab, form: SettingsViewState, saved: Bool) {
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
    }
}
