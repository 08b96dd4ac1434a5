/// The live tab sessions of the web front-end, with their expiry.
///
/// A session expires when it has no live connection and was not heard from
/// for its lifetime (``WebOptions/sessionLifetime``), or, once it has had a
/// live connection and lost it (its page was closed), for the shorter
/// ``WebOptions/closedTabLifetime``: a closed tab's memory is not kept for
/// the half hour a page without script may need. Beyond ``WebOptions/maximumSessions``,
/// the least recently seen go first, a tenth of the maximum at a time (so that
/// a stream of new tabs at the maximum does not look through every session
/// for each one). Memory therefore stays bounded however many tabs come and go.
///
/// The sessions an app says are worth more (``init(lifetime:closedTabLifetime:maximum:bindsToBrowser:keepsLongest:makeScreens:)``:
/// the Authenticator's unlocked tabs) go last: a flood of requests without a
/// cookie, each of which makes a session, evicts those requests' own
/// sessions, not a tab its owner unlocked and left without a live connection.
@MainActor
public final class SessionRegistry<Screens: TabScreens> {
    private var sessions: [String: TabSession<Screens>] = [:]
    private let makeScreens: (_ scene: String) -> Screens
    private let keepsLongest: (TabSession<Screens>) -> Bool
    private let lifetime: Duration
    private let closedTabLifetime: Duration
    private let maximum: Int
    private let bindsToBrowser: Bool
    private let clock = ContinuousClock()

    /// An empty registry whose new tabs get the screens `makeScreens` builds from their scene name (``TabSession/scene``).
    ///
    /// - Parameters:
    ///   - lifetime: How long a session lives without a request or a live connection.
    ///   - closedTabLifetime: How long a session that had a live connection
    ///     lives once it has none (`nil`: as long as `lifetime`).
    ///   - bindsToBrowser: Whether every tab belongs to a browser
    ///     (``BrowserCookie``): a lookup without a browser then finds nothing,
    ///     so that a route that forgets to pass it fails at once.
    ///   - keepsLongest: Whether a session is one to evict last, when room
    ///     must be made (it still expires after its lifetime).
    public init(
        lifetime: Duration, closedTabLifetime: Duration? = nil, maximum: Int, bindsToBrowser: Bool = false,
        keepsLongest: @escaping (TabSession<Screens>) -> Bool = { _ in false },
        makeScreens: @escaping (_ scene: String) -> Screens
    ) {
        self.makeScreens = makeScreens
        self.keepsLongest = keepsLongest
        self.lifetime = lifetime
        self.closedTabLifetime = closedTabLifetime.map { min($0, lifetime) } ?? lifetime
        self.maximum = max(1, maximum)
        self.bindsToBrowser = bindsToBrowser
    }

    /// How many sessions are alive.
    public var count: Int { sessions.count }

    /// The browsers that have a session alive (sessions made without a browser count for none).
    public var browsers: Set<String> {
        Set(sessions.values.compactMap(\.browser))
    }

    /// Whether the session `id` is alive (without touching it).
    public func contains(_ id: String) -> Bool {
        sessions[id] != nil
    }

    /// The sessions of `browser`.
    public func sessions(of browser: String) -> [TabSession<Screens>] {
        sessions.values.filter { $0.browser == browser }
    }

    /// The sessions with a live connection open (those whose pages follow changes).
    public var connected: [TabSession<Screens>] {
        sessions.values.filter { $0.liveConnections > 0 }
    }

    /// The session `id`, touched, if it is alive and belongs to `browser`
    /// (sessions made without a browser belong to none: pass `nil`).
    public func existing(_ id: String?, browser: String? = nil) -> TabSession<Screens>? {
        guard let id, let session = sessions[id], session.browser == browser, !bindsToBrowser || browser != nil else {
            return nil
        }
        session.touch(clock.now)
        return session
    }

    /// The session `id` if it is alive and belongs to `browser`, otherwise a
    /// new session of `browser`.
    public func session(_ id: String?, browser: String? = nil) -> TabSession<Screens> {
        if let session = existing(id, browser: browser) { return session }
        if sessions.count >= maximum { evictLeastRecentlySeen() }
        let session = TabSession(now: clock.now, browser: browser, makeScreens: makeScreens)
        sessions[session.id] = session
        return session
    }

    /// Records a live connection of `session` opening or closing.
    public func liveConnection(of session: TabSession<Screens>, opened: Bool) {
        session.liveConnection(opened: opened, at: clock.now)
    }

    /// Closes the sessions that expired; returns how many.
    @discardableResult
    public func sweep() -> Int {
        let now = clock.now
        let expired = sessions.values.filter { session in
            session.liveConnections == 0 && session.lastSeen < now - (session.hasBeenLive ? closedTabLifetime : lifetime)
        }
        for session in expired { close(session) }
        return expired.count
    }

    /// Makes room for a new session: closes the least recently seen idle
    /// sessions, a tenth of the maximum at once, those the app keeps longest
    /// last; a tab with a live connection goes only when no idle one is left,
    /// and only one.
    private func evictLeastRecentlySeen() {
        // Sorted by plain integers: a sort of `TabSession<Screens>`s runs unspecialized, one of
        // `ContinuousClock.Instant`s (a resilient type) copies each through its value witnesses, and one of tuples
        // holding an id retains and releases at each move.
        let now = clock.now
        let idle = sessions.values.filter { $0.liveConnections == 0 }
        let order = idle.indices.map { index in
            let unseen = (now - idle[index].lastSeen).components
            let nanoseconds = unseen.seconds * 1_000_000_000 + unseen.attoseconds / 1_000_000_000
            return (rank: keepsLongest(idle[index]) ? 1 : 0, recency: -nanoseconds, index: index)
        }
        let batch = max(1, maximum / 10)
        if !idle.isEmpty {
            for entry in order.sorted(by: <).prefix(batch) { close(idle[entry.index]) }
        } else if let oldest = sessions.values.min(by: { $0.lastSeen < $1.lastSeen }) {
            close(oldest)
        }
    }

    private func close(_ session: TabSession<Screens>) {
        sessions[session.id] = nil
        session.close()
    }
}
