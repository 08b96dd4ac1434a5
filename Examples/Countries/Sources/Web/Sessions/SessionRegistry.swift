import CountriesDomain

/// The live tab sessions of the web front-end, with their expiry.
///
/// A session expires when it has no live connection and was not heard from
/// for ``WebOptions/sessionLifetime``; beyond ``WebOptions/maximumSessions``,
/// the least recently seen go first, a tenth of the maximum at a time (so that
/// a stream of new tabs at the maximum does not look through every session
/// for each one). Memory therefore stays bounded however many tabs come and go.
@MainActor
final class SessionRegistry {
    private var sessions: [String: TabSession] = [:]
    private let service: any Serving
    private let lifetime: Duration
    private let maximum: Int
    private let clock = ContinuousClock()

    init(service: any Serving, lifetime: Duration, maximum: Int) {
        self.service = service
        self.lifetime = lifetime
        self.maximum = max(1, maximum)
    }

    /// How many sessions are alive.
    var count: Int { sessions.count }

    /// The session `id`, touched, if it is alive.
    func existing(_ id: String?) -> TabSession? {
        guard let id, let session = sessions[id] else { return nil }
        session.touch(clock.now)
        return session
    }

    /// The session `id` if it is alive, otherwise a new session.
    func session(_ id: String?) -> TabSession {
        if let session = existing(id) { return session }
        if sessions.count >= maximum { evictLeastRecentlySeen() }
        let session = TabSession(service: service, now: clock.now)
        sessions[session.id] = session
        return session
    }

    /// Records a live connection of `session` opening or closing.
    func liveConnection(of session: TabSession, opened: Bool) {
        session.liveConnection(opened: opened, at: clock.now)
    }

    /// Closes the sessions that expired; returns how many.
    @discardableResult
    func sweep() -> Int {
        let deadline = clock.now - lifetime
        let expired = sessions.values.filter { $0.liveConnections == 0 && $0.lastSeen < deadline }
        for session in expired { close(session) }
        return expired.count
    }

    /// Makes room for a new session: closes the least recently seen idle
    /// sessions, a tenth of the maximum at once; a tab with a live
    /// connection goes only when no idle one is left, and only one.
    private func evictLeastRecentlySeen() {
        let idle = sessions.values.filter { $0.liveConnections == 0 }.sorted { $0.lastSeen < $1.lastSeen }
        let batch = max(1, maximum / 10)
        if !idle.isEmpty {
            for session in idle.prefix(batch) { close(session) }
        } else if let oldest = sessions.values.min(by: { $0.lastSeen < $1.lastSeen }) {
            close(oldest)
        }
    }

    private func close(_ session: TabSession) {
        sessions[session.id] = nil
        session.close()
    }
}
