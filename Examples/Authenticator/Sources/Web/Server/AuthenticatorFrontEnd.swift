import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import KeelWeb
import Mustache

/// The web front-end's presentation: tab sessions and their view models,
/// rendered into pages. Everything here runs on the main actor, like the
/// view models it renders; the routes only translate HTTP to and from it.
///
/// No page, fragment or event carries a secret: rows hold codes and
/// countdowns, forms never show back a secret or a passphrase that was typed.
@MainActor
final class AuthenticatorFrontEnd {
    /// The tab sessions.
    let sessions: AuthenticatorTabs
    /// The browsers the vault is open to.
    let locks: BrowserLocks
    let options: WebOptions
    private let service: any Serving
    private let renderer: PageRenderer
    private let library: MustacheLibrary

    init(service: any Serving, library: MustacheLibrary, options: WebOptions) {
        locks = BrowserLocks(appState: service.appState)
        sessions = AuthenticatorTabs(
            service: service, locks: locks, lifetime: options.sessionLifetime, maximum: options.maximumSessions)
        self.service = service
        self.library = library
        renderer = PageRenderer(library: library)
        self.options = options
    }

    /// The session `tab` of `browser`, or a new one.
    func session(_ tab: String?, browser: String?) -> AuthenticatorTab {
        sessions.session(tab, browser: browser)
    }

    /// Renders `template` with `context`.
    func page(_ template: String, _ context: some Sendable, status: Int = 200) async -> WebReply {
        .page(status: status, html: await renderer.render(template, context))
    }

    /// A page saying what `page` says, with a link back to the list.
    func messagePage(_ page: MessagePage) async -> String {
        await renderer.render("message", page)
    }

    /// Closes the expired tab sessions, and the vault to the browsers left
    /// without a tab; the vault locks when it is open to no browser.
    func sweep() {
        sessions.sweep()
        if !locks.keep(only: sessions.browsers), locks.isVaultOpen {
            let lockVault = service.lockVaultAction
            // Unless a browser unlocked it in the meantime.
            Task { @MainActor [locks] in
                if !locks.isOpenToAny { await lockVault() }
            }
        }
    }

    /// Moves every followed list to the current second.
    func tick() {
        let now = service.clock.now()
        for session in sessions.connected where session.isUnlocked {
            session.list.send(.tick(now))
        }
    }

    // MARK: Live

    /// A page of a tab, as its live connection names it.
    enum LivePage: String, Sendable {
        case list, add, importer = "import", export, settings
    }

    /// What the live connection of `page` shows: the rows of the list (the
    /// other pages only follow the lock); the unlock page once the vault locks.
    func liveState(of session: AuthenticatorTab, page: LivePage) -> LiveState {
        guard session.isUnlocked else {
            return LiveState(target: "", html: "", hidden: false, location: "/unlock?tab=\(session.id)")
        }
        switch page {
        case .list:
            let rows = ListRows(list: session.list, tab: session.id, token: session.token)
            return LiveState(target: "rows", html: render("list-rows", rows), hidden: false)
        case .add, .importer, .export, .settings:
            return LiveState(target: "", html: "", hidden: false)
        }
    }

    private func render(_ template: String, _ context: Any) -> String {
        // The templates were checked at start; a missing one is a bug in this target.
        library.render(context, withTemplate: template) ?? "<p>The fragment \(template) is missing.</p>"
    }
}
