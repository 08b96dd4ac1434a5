import AuthenticatorDomain
import Keel
import Observation

/// Which browsers the vault is open to.
///
/// The vault is one per process, but an open vault is open only to the
/// browsers (their session cookie, ``KeelWeb/BrowserCookie``) that typed its
/// passphrase since it was opened: any other client (another browser,
/// another program on this machine) gets the unlock page, and opens it for
/// itself only with the passphrase. "Lock" closes it for the browser that
/// pressed it; the vault itself (its key in memory) locks when no browser is
/// left it is open to, and a vault that locks (auto-lock) is closed to every browser.
///
/// Each opening gets a new serial, so that what a tab showed before its
/// browser locked (the list's revealed counter-based codes) is not shown
/// after it unlocks again.
@MainActor
@Observable
final class BrowserLocks {
    /// The browsers the vault is open to, each with the serial of its unlock.
    private var serials: [String: Int] = [:]
    @ObservationIgnored private var lastSerial = 0
    @ObservationIgnored private let appState: Store<AppState>

    /// The browsers of the vault of `appState`: none yet.
    init(appState: Store<AppState>) {
        self.appState = appState
    }

    /// Whether the vault itself is open (to some browser, or none yet).
    var isVaultOpen: Bool { appState.read { $0.lock }.isUnlocked }

    /// The serial of `browser`'s unlock, if the vault is open to it.
    func serial(of browser: String?) -> Int? {
        guard isVaultOpen, let browser else { return nil }
        return serials[browser]
    }

    /// Whether the vault is open to `browser`.
    func isOpen(to browser: String?) -> Bool {
        serial(of: browser) != nil
    }

    /// Whether the vault is open to any browser.
    var isOpenToAny: Bool { isVaultOpen && !serials.isEmpty }

    /// Before an unlock try: a vault that locked since the browsers
    /// unlocked it (auto-lock) is open to none of them any more.
    func forgetIfVaultLocked() {
        if !isVaultOpen, !serials.isEmpty { serials.removeAll() }
    }

    /// The vault is open to `browser`, which typed its passphrase.
    func open(to browser: String) {
        lastSerial += 1
        serials[browser] = lastSerial
    }

    /// Closes the vault to `browser`; returns whether it stays open to another browser.
    func close(to browser: String?) -> Bool {
        if let browser { serials[browser] = nil }
        return isOpenToAny
    }

    /// Closes the vault to every browser but `browsers` (those with a tab
    /// left); returns whether it stays open to one.
    func keep(only browsers: Set<String>) -> Bool {
        let gone = serials.keys.filter { !browsers.contains($0) }
        for browser in gone { serials[browser] = nil }
        return isOpenToAny
    }
}
