import AuthenticatorDomain
import AuthenticatorPresentation
import Keel
import KeelWeb

/// A browser tab of the Authenticator front-end.
typealias AuthenticatorTab = TabSession<AuthenticatorScreens>

/// The tab sessions of the Authenticator front-end.
typealias AuthenticatorTabs = SessionRegistry<AuthenticatorScreens>

/// What one browser tab of the Authenticator holds: the view models of its
/// screens, as a window of the SwiftUI app would.
@MainActor
final class AuthenticatorScreens: TabScreens {
    /// Create or unlock.
    let unlock: UnlockViewModel
    /// The account list.
    let list: AccountListViewModel
    /// Adding an account from a link.
    let link: AccountLinkViewModel
    /// The import.
    let importer: ImportViewModel
    /// The export.
    let exporter: ExportViewModel
    /// The change of passphrase.
    let passphrase: ChangePassphraseViewModel
    /// The app state, read-only, shared by every tab.
    let appState: Store<AppState>
    /// The container, for the usecases a view state calls (settings, add).
    let service: any Serving
    private let scene: String

    /// The screens of the tab `scene`.
    init(service: any Serving, scene: String) {
        self.service = service
        self.scene = scene
        appState = service.appState
        unlock = UnlockViewModel(service)
        list = AccountListViewModel(service, scene: scene)
        link = AccountLinkViewModel(service, scene: scene)
        importer = ImportViewModel(service)
        exporter = ExportViewModel(service)
        passphrase = ChangePassphraseViewModel(service, scene: scene)
    }

    /// Whether the vault is open.
    var isUnlocked: Bool { appState.read { $0.lock }.isUnlocked }

    /// A closed tab is a scene the app forgets; what its forms held goes with it.
    func close() {
        importer.send(.reset)
        exporter.send(.clear)
        service.closeSceneAction(scene)
    }
}

extension SessionRegistry where Screens == AuthenticatorScreens {
    /// The Authenticator tabs over `service`.
    convenience init(service: any Serving, lifetime: Duration, maximum: Int) {
        // Every tab belongs to the browser that opened it (its session cookie).
        self.init(lifetime: lifetime, maximum: maximum, bindsToBrowser: true) { AuthenticatorScreens(service: service, scene: $0) }
    }
}
