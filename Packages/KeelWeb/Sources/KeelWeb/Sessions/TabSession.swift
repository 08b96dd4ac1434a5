/// One browser tab: a presentation session holding its own screens.
///
/// The app state is shared by the whole process; a tab's view models read it
/// and call its usecases like any screen. The tab is identified by a random
/// id carried in its links and forms, and proves it is itself with a random
/// token on every state-changing request. Its screens' properties read as its
/// own (`session.list` is `session.screens.list`).
@MainActor
@dynamicMemberLookup
public final class TabSession<Screens: TabScreens> {
    /// The tab's identity, carried in its URLs. With the browser's cookie it
    /// reaches the tab: never shown elsewhere (the timeline names the tab by ``scene``).
    public nonisolated let id: String
    /// The name the tab's screens go by in the app's state and its timeline
    /// (`tab-1a2b3c4d`): not its ``id``, so that what the timeline shows
    /// reaches no tab.
    public nonisolated let scene: String
    /// The token its forms must send back.
    public nonisolated let token: String
    /// The browser the tab belongs to (``BrowserCookie``), if tabs are bound to browsers.
    public nonisolated let browser: String?
    /// The tab's screens.
    public let screens: Screens
    /// When the tab was last heard from.
    public private(set) var lastSeen: ContinuousClock.Instant
    /// How many live connections the tab has open; a tab with one never expires.
    public private(set) var liveConnections = 0
    /// Whether the tab has had a live connection: its page runs the script
    /// that keeps one open, so without one now the page was closed.
    public private(set) var hasBeenLive = false

    /// A new tab of `browser` whose screens `makeScreens` builds from the tab's ``scene``.
    public init(now: ContinuousClock.Instant, browser: String? = nil, makeScreens: (_ scene: String) -> Screens) {
        id = TabToken.random()
        token = TabToken.random()
        scene = "tab-" + TabToken.random().prefix(8)
        self.browser = browser
        screens = makeScreens(scene)
        lastSeen = now
    }

    /// A property of the tab's screens.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Screens, Value>) -> Value {
        screens[keyPath: keyPath]
    }

    /// Records that the tab was heard from.
    public func touch(_ now: ContinuousClock.Instant) {
        lastSeen = now
    }

    /// Records a live connection opening or closing.
    public func liveConnection(opened: Bool, at now: ContinuousClock.Instant) {
        liveConnections += opened ? 1 : -1
        hasBeenLive = hasBeenLive || opened
        lastSeen = now
    }

    /// Whether `token` is this tab's token (compared in constant time).
    public func accepts(token candidate: String) -> Bool {
        TabToken.matches(candidate, expected: token)
    }

    /// Lets go of what the tab holds in shared state: a closed tab is a
    /// scene the app forgets.
    public func close() {
        screens.close()
    }
}
