import Hummingbird

extension AuthenticatorFrontEnd {
    /// The session `tab` of `browser` (or a new one), if the vault is open;
    /// otherwise a redirection to the unlock page of that tab.
    func unlockedSession(_ tab: String?, browser: String?) throws -> AuthenticatorTab {
        let session = session(tab, browser: browser)
        guard session.isUnlocked else { throw Self.toUnlock(session) }
        return session
    }

    /// The tab of a state-changing request whose token is right and whose
    /// browser is the tab's (403 otherwise), if the vault is open (a
    /// redirection to unlock otherwise).
    func unlockedSession(tab: String, token: String, browser: String?) throws -> AuthenticatorTab {
        let session = try sessions.authorize(tab: tab, token: token, browser: browser)
        guard session.isUnlocked else { throw Self.toUnlock(session) }
        return session
    }

    /// The redirection of a tab to the unlock page.
    static func toUnlock(_ session: AuthenticatorTab) -> HTTPError {
        HTTPError(.seeOther, headers: [.location: "/unlock?tab=\(session.id)"], message: "The vault is locked.")
    }
}
