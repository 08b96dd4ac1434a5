import Hummingbird

extension AuthenticatorFrontEnd {
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
}
