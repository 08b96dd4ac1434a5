import KeelCatalog

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
    /// The interface language its reader chose for the browser (``LanguageCookie``),
    /// as of its last page or its settings; `nil` for the browser's own.
    public private(set) var chosenLanguage: String?
    /// The language of the tab's pages: the one it chose, else the best for
    /// its browser's languages as of its last page, which its live updates and
    /// the answers to its forms keep (``hear(_:in:)``). Empty before its first
    /// page, which a catalog takes for its source language.
    public private(set) var language = ""

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

    /// Settles ``language`` for a page the tab's browser asked for in
    /// `languages`: the one its reader chose, if `catalog` speaks it, else the
    /// best of those the browser accepts.
    public func hear(_ languages: BrowserLanguages, in catalog: StringCatalog) {
        chosenLanguage = languages.chosen.flatMap { catalog.languages.contains($0) ? $0 : nil }
        language = chosenLanguage ?? catalog.language(preferring: languages.accepted)
    }

    /// Chooses the language of the tab's pages, as a settings form names it:
    /// `""` for its browser's (from its next page on), else one `catalog`
    /// speaks, at once. Returns `false`, and changes nothing, for another.
    /// The route keeps the choice for the browser's other tabs with
    /// ``LanguageCookie/cookie(for:)`` of ``chosenLanguage``.
    public func choose(_ language: String, in catalog: StringCatalog) -> Bool {
        guard !language.isEmpty else {
            chosenLanguage = nil
            return true
        }
        guard catalog.languages.contains(language) else { return false }
        (chosenLanguage, self.language) = (language, language)
        return true
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
