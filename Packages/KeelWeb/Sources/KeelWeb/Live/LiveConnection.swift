import Keel

/// The stream of one tab's live connection: the events that keep its page
/// up to date, and heartbeats.
///
/// The page's live state is recomputed inside Observation tracking each time
/// one of the view models it reads changes (``ObservedValues``): no polling.
/// An event shared by every tab (``SharedEvent``) is followed apart from it,
/// so that a change every tab shows alike costs no tab its own rendering.
/// The connection counts as the tab's own while it is open, so the tab does
/// not expire under it. A state with a location sends the tab there and ends
/// the connection.
public enum LiveConnection {
    /// The wire chunks of `session`'s live connection, starting with the current `state`.
    ///
    /// - Parameters:
    ///   - registry: The registry of `session`, told when the connection opens and closes.
    ///   - heartbeat: How often a comment keeps the connection alive.
    ///   - limit: Stop after this many events (for tests); `nil` for no limit.
    ///   - shown: The id of the fragment the page shows already
    ///     (`Request.shownFragment`), not sent again; `nil` if it is not known.
    ///   - state: What the page shows, read from the tab's view models.
    ///   - shared: The event every tab like this one is sent, if any: each
    ///     time it changes, the connection writes it as it is.
    @MainActor
    public static func chunks<Screens>(
        of session: TabSession<Screens>, in registry: SessionRegistry<Screens>, heartbeat: Duration, limit: Int?,
        shown: String? = nil,
        state: @escaping @MainActor @Sendable () -> LiveState,
        shared: @escaping @MainActor @Sendable () -> SharedEvent? = { nil }
    ) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(32))
        registry.liveConnection(of: session, opened: true)
        continuation.yield(ServerSentEvent.preamble)
        let counter = EventCounter(limit: limit, continuation: continuation)
        let updates = Task { @MainActor in
            var previous: LiveState?
            for await current in ObservedValues(state) {
                for event in current.events(since: previous, shown: shown) {
                    counter.send(event)
                }
                previous = current
                // A tab sent elsewhere leaves the page: its connection is done.
                if current.location != nil { counter.finish() }
                if counter.isFinished { break }
            }
        }
        let broadcasts = Task { @MainActor in
            for await event in ObservedValues(shared) {
                if let event { counter.send(event.wire) }
                if counter.isFinished { break }
            }
        }
        let beats = heartbeats(into: continuation, every: heartbeat)
        continuation.onTermination = { _ in
            updates.cancel()
            broadcasts.cancel()
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

    /// Writes the events of one connection, and ends it after `limit` of them.
    @MainActor
    private final class EventCounter {
        private let limit: Int?
        private let continuation: AsyncStream<String>.Continuation
        private var sent = 0
        private(set) var isFinished = false

        init(limit: Int?, continuation: AsyncStream<String>.Continuation) {
            self.limit = limit
            self.continuation = continuation
        }

        func send(_ wire: String) {
            guard !isFinished else { return }
            continuation.yield(wire)
            sent += 1
            if let limit, sent >= limit { finish() }
        }

        func finish() {
            isFinished = true
            continuation.finish()
        }
    }
}
