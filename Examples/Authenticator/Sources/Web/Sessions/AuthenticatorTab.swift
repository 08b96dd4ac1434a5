import AuthenticatorDomain
import AuthenticatorPresentation
import Keel
import KeelWeb

/// A browser tab of the Authenticator front-end: a tab session holding a
/// scene, as a window of the SwiftUI app holds one.
typealias AuthenticatorTab = TabSession<AuthenticatorScene>

/// The tab sessions of the Authenticator front-end.
typealias AuthenticatorTabs = SessionRegistry<AuthenticatorScene>

/// A closed tab is a closed scene (``AuthenticatorScene/close()``): the app
/// forgets it, and what its forms held goes with its view models.
extension AuthenticatorScene: TabScreens {}

extension SessionRegistry where Screens == AuthenticatorScene {
    /// The Authenticator tabs over `service`, open to the browsers `locks` says, their lists' rows built by `rows`.
    convenience init(
        service: any Serving, locks: BrowserLocks, rows: AccountRowBuilder, lifetime: Duration,
        closedTabLifetime: Duration? = nil, maximum: Int
    ) {
        // Every tab belongs to the browser that opened it (its session cookie);
        // an unlocked tab is evicted last, so that clients without a cookie
        // making new tabs cannot push the owner's out.
        self.init(
            lifetime: lifetime, closedTabLifetime: closedTabLifetime, maximum: maximum, bindsToBrowser: true,
            keepsLongest: { locks.isOpen(toTab: $0.id, of: $0.browser) }
        ) {
            AuthenticatorScene(service: service, id: $0, rows: rows)
        }
    }
}

extension TabSession where Screens == AuthenticatorScene {
    /// The tab's account list (the scene's, let go when the vault locks to the tab).
    var list: AccountListViewModel { screens.list() }

    /// The app state, read-only.
    var appState: Store<AppState> { screens.service.appState }

    /// Shows `sheet` in the tab's scene, unless it is shown: a page of the tab
    /// is its scene's sheet (`nil` for the list), and what the page shown
    /// before held (a preview, an export, a typed password) goes with it.
    func show(_ sheet: AppState.Sheet?) {
        if screens.sheet != sheet { screens.present(sheet) }
    }

    /// The add page's view model of a link, its sheet shown.
    func linkAdder() -> AccountLinkViewModel {
        show(.addAccount)
        return screens.linkAdder()
    }

    /// The import page's view model, its sheet shown.
    func importer() -> ImportViewModel {
        show(.importAccounts)
        return screens.importer()
    }

    /// The export page's view model, its sheet shown.
    func exporter() -> ExportViewModel {
        show(.export)
        return screens.exporter()
    }

    /// The settings page's change of passphrase, its sheet shown.
    func passphrase() -> ChangePassphraseViewModel {
        show(.changePassphrase)
        return screens.passphrase()
    }
}
