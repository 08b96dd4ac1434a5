import AuthenticatorDomain
import Keel
import KeelWeb
import Observation

/// Which browsers, and which of their tabs, the vault is open to.
///
/// The vault is one per process, but an open vault is open only to the
/// browsers (their session cookie, ``KeelWeb/BrowserCookie``) that typed its
/// passphrase since it was opened: any other client (another browser,
/// another program on this machine) gets the unlock page, and opens it for
/// itself only with the passphrase. "Lock" closes it for the browser that
/// pressed it; the vault itself (its key in memory) locks when no browser is
/// left it is open to, and a vault that locks (auto-lock) is closed to every browser.
///
/// The cookie alone does not open a tab. Cookies are per host, not per port:
/// a server another user runs on `127.0.0.1:9999` receives this one whenever
/// the owner's browser loads anything from it, and could replay it. So each
/// tab is let in on its own (``admit(_:to:)``): by the
/// passphrase typed in it, or by its browser's *key*, which the pages of an
/// open tab hand to their script and the script keeps in the origin's
/// `localStorage`, which another port cannot read. A new tab's unlock page
/// sends it back (`POST /unlock/resume`); without script, a new tab asks for
/// the passphrase. A replayed cookie therefore opens nothing: its new tab
/// has neither the passphrase nor the key, and the ids of the owner's tabs
/// never leave the origin (`Referrer-Policy: same-origin`).
///
/// The key outlives a lock: a browser whose unlock form sends it is the
/// owner's (``PassphraseTry/owner``), and its wrong passphrases are counted
/// with the command line's; any other client's are counted apart, so that
/// they slow down only clients like it, never the owner.
///
/// Each opening gets a new serial, so that what a tab showed before its
/// browser locked (the list's revealed counter-based codes) is not shown
/// after it unlocks again.
@MainActor
@Observable
final class BrowserLocks {
    /// The browsers the vault is open to, each with the serial of its opening.
    private var serials: [String: Int] = [:]
    /// The key of each browser that opened the vault since the server
    /// started, oldest first (at most ``maximumKeys``).
    @ObservationIgnored private var keys: [(browser: String, key: String)] = []
    @ObservationIgnored private var lastSerial = 0
    /// The opening each tab was let into, by the tab's id: by the passphrase
    /// typed in it or its browser's key. Not observed, as a tab's own state.
    @ObservationIgnored private var admitted: [String: Int] = [:]
    @ObservationIgnored private let appState: Store<AppState>

    /// How many browsers' keys are kept: beyond, the oldest is forgotten (its
    /// browser is unknown again until it types the passphrase).
    static let maximumKeys = 100

    /// The browsers of the vault of `appState`: none yet.
    init(appState: Store<AppState>) {
        self.appState = appState
    }

    /// Whether the vault itself is open (to some browser, or none yet).
    var isVaultOpen: Bool { appState.read { $0.lock }.isUnlocked }

    /// The serial of `browser`'s opening, if the vault is open to it.
    func serial(of browser: String?) -> Int? {
        guard isVaultOpen, let browser else { return nil }
        return serials[browser]
    }

    /// Whether the vault is open to the tab `tab` of `browser`: to its
    /// browser, and the tab was let into that opening.
    func isOpen(toTab tab: String, of browser: String?) -> Bool {
        guard let serial = serial(of: browser) else { return false }
        return admitted[tab] == serial
    }

    /// Lets the tab `tab` into the opening `serial` of its browser (``open(to:)``, ``resume(_:key:)``).
    func admit(_ tab: String, to serial: Int) {
        admitted[tab] = serial
    }

    /// The key of `browser`, for its open tabs' pages to hand their script;
    /// `nil` unless the vault is open to it.
    func key(of browser: String?) -> String? {
        guard serial(of: browser) != nil else { return nil }
        return keys.last { $0.browser == browser }?.key
    }

    /// Whether `key` is `browser`'s (compared in constant time): the owner's
    /// browser, whether the vault is open or not.
    func knows(_ browser: String?, key: String?) -> Bool {
        guard let browser, let key, let known = keys.last(where: { $0.browser == browser }) else { return false }
        return TabToken.matches(key, expected: known.key)
    }

    /// Whether the vault is open to any browser.
    var isOpenToAny: Bool { isVaultOpen && !serials.isEmpty }

    /// Before an unlock try: a vault that locked since the browsers
    /// unlocked it (auto-lock) is open to none of them any more.
    func forgetIfVaultLocked() {
        if !isVaultOpen, !serials.isEmpty { serials.removeAll() }
    }

    /// The vault is open to `browser`, which typed its passphrase; returns
    /// the serial of its opening (the one it has if it was open already, so
    /// that its other tabs stay in). A browser gets its key the first time.
    func open(to browser: String) -> Int {
        if !keys.contains(where: { $0.browser == browser }) {
            keys.append((browser, TabToken.random()))
            if keys.count > Self.maximumKeys { keys.removeFirst() }
        }
        if let serial = serial(of: browser) { return serial }
        lastSerial += 1
        serials[browser] = lastSerial
        return lastSerial
    }

    /// The serial of `browser`'s opening if the vault is open to it and
    /// `key` is its key; `nil` otherwise.
    func resume(_ browser: String?, key: String) -> Int? {
        guard knows(browser, key: key) else { return nil }
        return serial(of: browser)
    }

    /// Closes the vault to `browser`; returns whether it stays open to another browser.
    func close(to browser: String?) -> Bool {
        if let browser { serials[browser] = nil }
        return isOpenToAny
    }

    /// Closes the vault to every browser but `browsers` (those with a tab
    /// left), and forgets the tabs that are gone or let into an opening that
    /// ended; returns whether the vault stays open to a browser.
    func keep(only browsers: Set<String>, tabs isAlive: (String) -> Bool) -> Bool {
        let gone = serials.keys.filter { !browsers.contains($0) }
        for browser in gone { serials[browser] = nil }
        let openings = Set(serials.values)
        admitted = admitted.filter { isAlive($0.key) && openings.contains($0.value) }
        return isOpenToAny
    }
}
