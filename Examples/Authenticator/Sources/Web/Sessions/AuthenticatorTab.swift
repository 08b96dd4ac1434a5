import AuthenticatorDomain
import AuthenticatorPresentation
import Keel
import KeelCatalog
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
    /// Adding an account from a link.
    let link: AccountLinkViewModel
    /// The browsers the vault is open to, shared by every tab.
    let locks: BrowserLocks
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
    /// The app's words, for the tab's pages.
    let catalog: StringCatalog
    /// How many rows the tab's list shows: a page at first, more as it asks (``ListRows/pageSize``).
    var shownRows = ListRows.pageSize
    /// The opening of its browser (``BrowserLocks/serial(of:)``) this tab was
    /// let into, by the passphrase typed in it or its browser's resume key;
    /// `nil` for none. The browser's cookie alone lets no tab in.
    var admitted: Int?
    private let scene: String
    private let rows: AccountRowBuilder
    /// The account list, and the unlock (``BrowserLocks/serial(of:)``) it was made for.
    private var listModel: (serial: Int?, model: AccountListViewModel)?

    /// The screens of the tab `scene`, whose list's rows are built by `rows` (shared by every tab).
    init(service: any Serving, scene: String, locks: BrowserLocks, rows: AccountRowBuilder, catalog: StringCatalog) {
        self.rows = rows
        self.catalog = catalog
        self.service = service
        self.scene = scene
        self.locks = locks
        appState = service.appState
        unlock = UnlockViewModel(service)
        link = AccountLinkViewModel(service, scene: scene)
        importer = ImportViewModel(service)
        exporter = ExportViewModel(service)
        passphrase = ChangePassphraseViewModel(service, scene: scene)
    }

    /// The account list of the unlock `serial`: made again after each lock,
    /// as a SwiftUI scene lets its list go when the vault locks, so that
    /// nothing it showed (a revealed counter-based code) outlives the lock.
    func list(serial: Int?) -> AccountListViewModel {
        if let listModel, listModel.serial == serial { return listModel.model }
        let made = AccountListViewModel(service, scene: scene, rows: rows)
        listModel = (serial, made)
        return made
    }

    /// A closed tab is a scene the app forgets; what its forms held goes with it.
    func close() {
        importer.send(.reset)
        exporter.send(.clear)
        service.closeSceneAction(scene)
    }
}

extension SessionRegistry where Screens == AuthenticatorScreens {
    /// The Authenticator tabs over `service`, open to the browsers `locks` says, their lists' rows built by `rows`.
    convenience init(
        service: any Serving, locks: BrowserLocks, rows: AccountRowBuilder, catalog: StringCatalog, lifetime: Duration,
        closedTabLifetime: Duration? = nil, maximum: Int
    ) {
        // Every tab belongs to the browser that opened it (its session cookie);
        // an unlocked tab is evicted last, so that clients without a cookie
        // making new tabs cannot push the owner's out.
        self.init(
            lifetime: lifetime, closedTabLifetime: closedTabLifetime, maximum: maximum, bindsToBrowser: true,
            keepsLongest: { $0.isUnlocked }
        ) {
            AuthenticatorScreens(service: service, scene: $0, locks: locks, rows: rows, catalog: catalog)
        }
    }
}

extension TabSession where Screens == AuthenticatorScreens {
    /// Whether the vault is open to this tab: to its browser, and the tab
    /// was let into that opening (``BrowserLocks``).
    var isUnlocked: Bool {
        guard let serial = screens.locks.serial(of: browser) else { return false }
        return screens.admitted == serial
    }

    /// The tab's account list, made again after each lock.
    var list: AccountListViewModel { screens.list(serial: screens.locks.serial(of: browser)) }

    /// The words of the tab's pages, in its language.
    var wording: Wording { Wording(language: language, catalog: screens.catalog) }
}
