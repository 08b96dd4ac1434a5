import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelCatalog
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
    /// The codes every list tab shows, made once for all of them.
    let board: CodeBoard
    /// How many rows each tab's list shows, for the tabs that asked for more than a page (``ListRows/pageSize``).
    private var shownRows: [String: Int] = [:]
    private let service: any Serving
    /// The front-end in each language of the app's catalog.
    private let voices: Voices
    /// The app's words, for choosing a tab's language.
    var catalog: StringCatalog { voices.catalog }

    init(service: any Serving, voices: Voices, options: WebOptions) {
        locks = BrowserLocks(appState: service.appState)
        // Every tab's list and the board share their rows: 500 tabs hold one set.
        let rows = AccountRowBuilder(makeCode: service.makeCodeAction)
        sessions = AuthenticatorTabs(
            service: service, locks: locks, rows: rows, lifetime: options.sessionLifetime,
            closedTabLifetime: options.closedTabLifetime, maximum: options.maximumSessions)
        self.service = service
        self.voices = voices
        board = CodeBoard(service: service, rows: rows)
        self.options = options
    }

    /// The voice of pages in `language`.
    func voice(_ language: String) -> Voice {
        voices.voice(language)
    }

    /// The voice of `session`'s pages: for a page, in the browser's
    /// `languages` (its reader's choice, else the best it accepts), which the
    /// tab keeps for its live updates and forms until its next page.
    @discardableResult
    func voice(of session: AuthenticatorTab, accepting languages: BrowserLanguages? = nil) -> Voice {
        voices.voice(of: session, accepting: languages)
    }

    /// The words of `session`'s pages, in its language.
    func wording(of session: AuthenticatorTab) -> Wording {
        voice(of: session).wording
    }

    /// Whether the vault is open to `session`: to its browser, and the tab
    /// was let into that opening (``BrowserLocks``).
    func isUnlocked(_ session: AuthenticatorTab) -> Bool {
        locks.isOpen(toTab: session.id, of: session.browser)
    }

    /// How many rows `session`'s list shows: a page at first, more as it asks.
    func shownRows(of session: AuthenticatorTab) -> Int {
        shownRows[session.id] ?? ListRows.pageSize
    }

    /// The rows of `session`'s list: its own codes, just ticked, for a page
    /// (`ticked`), or the board's, for a live update. Made once for the tabs
    /// that show the same rows, one after the other (a browser's 500 tabs
    /// starting their connections at once): only what they are made from is
    /// read for each (``ListRows/Source``).
    func listRows(of session: AuthenticatorTab, ticked: Bool) -> ListRows {
        let wording = wording(of: session)
        let source = ListRows.Source(
            list: session.list, shown: shownRows(of: session), language: wording.language, codesSerial: board.serial,
            showsBoardCodes: !ticked)
        if let lastRows, lastRows.source == source { return lastRows.rows }
        let rows = ListRows(source, codes: board.codes, wording: wording)
        lastRows = (source, rows)
        return rows
    }

    /// The rows last made, and what from (``listRows(of:ticked:)``).
    private var lastRows: (source: ListRows.Source, rows: ListRows)?

    /// Shows `count` rows of `session`'s list (whole pages, at least one).
    func show(rows count: Int, of session: AuthenticatorTab) {
        let pages = max(1, (count + ListRows.pageSize - 1) / ListRows.pageSize)
        shownRows[session.id] = pages == 1 ? nil : pages * ListRows.pageSize
    }

    /// The session `tab` of `browser`, or a new one.
    func session(_ tab: String?, browser: String?) -> AuthenticatorTab {
        sessions.session(tab, browser: browser)
    }

    /// Renders `template` with `context`, its tab's credentials filled in
    /// where the template has the markers (`<keel-tab>`, `<keel-token>`: the
    /// one way a template names them, in a page as in a fragment shared by tabs).
    func page(_ template: String, _ context: some FramedPage, status: Int = 200) async -> WebReply {
        let frame = context.frame
        return .page(status: status, html: await voice(frame.language).renderer.render(template, context, tab: frame.tab, token: frame.token))
    }

    /// A page saying what `page` says, in its reader's language, with a link back to the list.
    func messagePage(_ page: MessagePage) async -> String {
        await voices.render(page, withTemplate: "message")
    }

    /// Closes the expired tab sessions, and the vault to the browsers left
    /// without a tab; the vault locks when it is open to no browser. Returns
    /// how many sessions were closed.
    @discardableResult
    func sweep() -> Int {
        let closed = sessions.sweep()
        shownRows = shownRows.filter { sessions.contains($0.key) }
        if !locks.keep(only: sessions.browsers, tabs: sessions.contains), locks.isVaultOpen {
            let lockVault = service.lockVaultAction
            // Unless a browser unlocked it in the meantime.
            Task { @MainActor [locks] in
                if !locks.isOpenToAny { await lockVault() }
            }
        }
        return closed
    }

    /// Moves the codes to the current second: when a period ends, the new
    /// codes are made and encoded once (``CodeBoard``), and every list tab's
    /// connection sends them. The tabs' own lists are not ticked: their rows
    /// change, and are rendered again, only when what they show changes.
    func tick() {
        board.tick(service.clock.now())
    }

    // MARK: Live

    /// A page of a tab, as its live connection names it.
    enum LivePage: String, Sendable {
        case list, add, edit, importer = "import", export, settings
    }

    /// The live connection of a tab showing `page`, ending after `limit` events (for tests).
    func liveConnection(of session: AuthenticatorTab, page: LivePage, limit: Int?, shown: String? = nil) -> AsyncStream<String> {
        LiveConnection.chunks(
            of: session, in: sessions, heartbeat: options.heartbeat, limit: limit, shown: shown,
            state: { self.liveState(of: session, page: page) },
            shared: { self.sharedEvent(of: session, page: page) })
    }

    /// What the live connection of `page` shows: the rows of the list (the
    /// other pages only follow the lock); the unlock page once the vault locks.
    ///
    /// The rows are rendered again when the tab's list changes (an account,
    /// a setting, the search, a counter-based code revealed), with the board's
    /// current codes; not when a period ends, when only ``sharedEvent(of:page:)`` changes.
    func liveState(of session: AuthenticatorTab, page: LivePage) -> LiveState {
        guard isUnlocked(session) else {
            return LiveState(location: "/unlock?tab=\(session.id)")
        }
        switch page {
        case .list:
            let rows = listRows(of: session, ticked: false)
            return LiveState(fragment: voice(session.language).fragments.event("list-rows", rows, in: "rows"), hidden: false)
        case .add, .edit, .importer, .export, .settings:
            return LiveState(fragment: nil, hidden: false)
        }
    }

    /// The event the connection of `page` sends as every tab showing the
    /// same rows does: the codes of those rows, made and encoded once at each
    /// change (``CodeBoard``), for an unlocked list; none otherwise.
    func sharedEvent(of session: AuthenticatorTab, page: LivePage) -> SharedEvent? {
        guard page == .list, isUnlocked(session) else { return nil }
        let shown = session.list.rows.prefix(shownRows(of: session)).filter { $0.period != nil }
        return board.event(showing: shown.map(\.id.description))
    }

    // MARK: The lock

    /// Creates or unlocks the vault for the session's browser (``BrowserLocks``);
    /// the list once open, the unlock page with the reason otherwise. A
    /// browser that sends its `key` types as the owner; any other client's
    /// wrong passphrases are counted apart (``PassphraseTry``).
    func unlock(_ session: AuthenticatorTab, passphrase: String, confirmation: String, key: String?) async -> WebReply {
        locks.forgetIfVaultLocked()
        let unlock = session.unlock
        unlock.passphrase = passphrase
        unlock.confirmation = confirmation
        unlock.typist = locks.knows(session.browser, key: key) ? .owner : .unknownClient
        // With the vault open to other browsers, the passphrase is checked like any unlock try.
        let opened = await unlock.submit()
        // Whatever happened, the passphrases typed are not kept.
        unlock.passphrase = ""
        unlock.confirmation = ""
        if opened, let browser = session.browser {
            locks.admit(session.id, to: locks.open(to: browser))
            return .redirect("/?tab=\(session.id)")
        }
        return await page("unlock", UnlockPage(session: session, in: self), status: 400)
    }

    /// Lets `session` into its browser's opening if `key` is the browser's
    /// key (``BrowserLocks``); returns whether it did.
    func resume(_ session: AuthenticatorTab, key: String) -> Bool {
        guard let serial = locks.resume(session.browser, key: key) else { return false }
        locks.admit(session.id, to: serial)
        return true
    }

    /// Closes the vault to the session's browser (each of its tabs goes to
    /// the unlock page, and lets go of what it showed); the vault locks, its
    /// key forgotten, when it is open to no other browser.
    func lock(_ session: AuthenticatorTab) async {
        if let browser = session.browser {
            for tab in sessions.sessions(of: browser) { tab.screens.lockScreens() }
        }
        if !locks.close(to: session.browser) {
            // The list's lock, in the store's timeline (when it keeps one): a replay locks there.
            session.service.appState.record(AccountListViewModel.Event.lock, from: "Account list in \(session.scene)")
            await session.service.lockVaultAction()
        }
    }

    /// The session `tab` of `browser` (or a new one), if the vault is open;
    /// otherwise a redirection to the unlock page of that tab, which goes on
    /// to `page` once its browser's key lets it in (``BrowserLocks``).
    func unlockedSession(_ tab: String?, browser: String?, page: String = "/") throws -> AuthenticatorTab {
        let session = session(tab, browser: browser)
        guard isUnlocked(session) else { throw Self.toUnlock(session, page: page) }
        return session
    }

    /// The tab of a state-changing request whose token is right and whose
    /// browser is the tab's (403 otherwise), if the vault is open (a
    /// redirection to unlock otherwise).
    func unlockedSession(tab: String, token: String, browser: String?) throws -> AuthenticatorTab {
        let session = try sessions.authorize(tab: tab, token: token, browser: browser)
        guard isUnlocked(session) else { throw Self.toUnlock(session) }
        return session
    }

    /// The redirection of a tab to the unlock page (and on to `page`, one of the app's own).
    static func toUnlock(_ session: AuthenticatorTab, page: String = "/") -> HTTPError {
        let next = page == "/" ? "" : "&next=\(page)"
        return HTTPError(.seeOther, headers: [.location: "/unlock?tab=\(session.id)\(next)"], message: "The vault is locked.")
    }

    // MARK: The list

    /// The list page, searched and filtered as `query` says.
    func listPage(_ session: AuthenticatorTab, query: ListQuery, message: LocalizedText? = nil) async -> WebReply {
        // The list is the scene without a sheet: what another page held goes.
        session.show(nil)
        let list = session.list
        search(session, text: query.q, filter: query.filter)
        // At most what the list holds.
        if let shown = query.shown { show(rows: min(shown, list.rows.count), of: session) }
        list.send(.tick(session.service.clock.now()))
        // No page says a code was copied: only its script can put one on the
        // clipboard, and its button says whether the clipboard took it.
        var shown = list.message == AccountListViewModel.copiedMessage ? nil : list.message
        let accounts = session.appState.read { $0.accounts }.value ?? []
        if let added = query.added, let account = accounts.first(where: { $0.id.rawValue == added }) {
            shown = "Added \(account.account.label)."
        } else if let saved = query.saved, let account = accounts.first(where: { $0.id.rawValue == saved }) {
            shown = "Saved \(account.account.label)."
        }
        return await page("list", ListPage(session: session, message: message ?? shown, in: self))
    }

    /// Searches and filters the list of `session` (either left as it is when `nil`); a
    /// new search or filter shows a page of rows again.
    func search(_ session: AuthenticatorTab, text: String?, filter name: String?) {
        let list = session.list
        if let text, text != list.searchText {
            list.send(.search(text))
            show(rows: ListRows.pageSize, of: session)
        }
        if let filter = name.map(Self.filter(named:)), filter != list.filter {
            list.send(.filter(filter))
            show(rows: ListRows.pageSize, of: session)
        }
    }

    /// The filter a query names; every account for a name it does not know.
    static func filter(named name: String) -> AccountFilter {
        if name == "favourites" { return .favourites }
        if name.hasPrefix("tag:"), name.count > 4 { return .tag(String(name.dropFirst(4))) }
        return .all
    }
}
