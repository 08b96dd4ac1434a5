import Keel

/// The stream of one tab's live connection: the events that keep its page
/// up to date, and heartbeats.
///
/// The page's live state is recomputed inside Observation tracking each time
/// one of the view models it reads changes (``ObservedValues``): no polling.
/// The connection counts as the tab's own while it is open, so the tab does
/// not expire under it. A state with a location sends the tab there and ends
/// the connection.
public enum LiveConnection {
    /// The wire chunks of `session`'s live connection, starting with the current `state`.
    ///
    /// - Parameters:
    ///   - registry: The registry of `session`, told when the connection opens and closes.
    ///   - heartbeat: How often a comment keeps the connection alive.
    ///   - limit: Stop after this many state events (for tests); `nil` for no limit.
    ///   - state: What the page shows, read from the tab's view models.
    @MainActor
    public static func chunks<Screens>(
        of session: TabSession<Screens>, in registry: SessionRegistry<Screens>, heartbeat: Duration, limit: Int?,
        state: @escaping @MainActor @Sendable () -> LiveState
    ) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(32))
        registry.liveConnection(of: session, opened: true)
        continuation.yield(ServerSentEvent.preamble)
        let updates = Task { @MainActor in
            var previous: LiveState?
            var sent = 0
            for await current in ObservedValues(state) {
                for event in current.events(since: previous) {
                    continuation.yield(event.wireFormat)
                    sent += 1
                }
                previous = current
                // A tab sent elsewhere leaves the page: its connection is done.
                if current.location != nil { break }
                if let limit, sent >= limit { break }
            }
            continuation.finish()
        }
        let beats = heartbeats(into: continuation, every: heartbeat)
        continuation.onTermination = { _ in
            updates.cancel()
            beats.cancel()
            Task { @MainActor in registry.liveConnection(of: session, opened: false) }
        }
        return stream
    }

    /// Sends a heartbeat comment into `continuation` every `interval`, until cancelled:
    /// what keeps a live connection open through proxies and idle timeouts.
    static func heartbeats(into continuation: AsyncStream<String>.Continuation, every interval: Duration) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                continuation.yield(ServerSentEvent.heartbeat)
            }
        }
    }
}
