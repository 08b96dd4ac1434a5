import Keel
/// What every page knows about its tab: the layout's context.
///
/// Templates read stored properties only (through reflection), so every
/// value a template shows is stored, not computed.
struct PageFrame: Sendable {
    /// The tab's session id, carried in links and forms.
    let tab: String
    /// The tab's token, sent back by forms.
    let token: String
    /// The page's title.
    /// The language of the page (`<html lang>`).
    let language: String
    let title: String
    /// The page kind, for the live connection (``AuthenticatorFrontEnd/LivePage``); empty for none.
    let page: String
    /// Whether the vault is open (the navigation shows then).
    let unlocked: Bool
    /// The browser's key, which the page's script keeps in the origin's
    /// storage for the browser's other tabs and its next unlock (``BrowserLocks``); `nil` while locked.
    let browserKey: String?
    /// A message to show at the top.
    let message: String?
    /// What every page shows until it no longer holds: a failed automatic backup.
    let warnings: [String]
    /// What opening the vault's files found, on every page until closed (by a tab the vault is open to).
    let notices: [Notice]
    /// Seconds until the page reloads itself without a script; `nil` for never.
    let refresh: Int?
    let home: String
    let add: String
    let importer: String
    let export: String
    let settings: String

    @MainActor
    init(
        session: AuthenticatorTab, in frontEnd: AuthenticatorFrontEnd, title: LocalizedText, page: String, message: String? = nil,
        refresh: Int? = nil
    ) {
        let words = frontEnd.wording(of: session)
        tab = session.id
        token = session.token
        language = words.language
        self.title = words(title)
        self.page = page
        unlocked = frontEnd.isUnlocked(session)
        browserKey = unlocked ? frontEnd.locks.key(of: session.browser) : nil
        self.message = message
        warnings = session.list.warnings.map { words($0) }
        notices = session.list.notices.map { Notice(id: $0.id, message: words($0.message)) }
        self.refresh = refresh
        home = "/?tab=\(tab)"
        add = "/add?tab=\(tab)"
        importer = "/import?tab=\(tab)"
        export = "/export?tab=\(tab)"
        settings = "/settings?tab=\(tab)"
    }
}

/// A notice of the vault's files, with the name its dismiss form sends.
struct Notice: Sendable {
    let id: String
    let message: String
}

/// One choice of a menu.
struct Choice: Sendable {
    let value: String
    let title: String
    let selected: Bool
}
