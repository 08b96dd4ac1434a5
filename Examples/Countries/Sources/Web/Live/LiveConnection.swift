import Foundation
import Keel

/// The stream of one tab's live connection: the events that keep its page
/// up to date, and heartbeats.
///
/// The page's live state is recomputed inside Observation tracking each time
/// one of the view models it reads changes (``ObservedValues``): no polling.
/// The connection counts as the tab's own while it is open, so the tab does
/// not expire under it.
enum LiveConnection {
    /// The wire chunks for `page` of `session`, starting with the current state.
    ///
    /// - Parameter limit: Stop after this many state events (for tests); `nil` for no limit.
    @MainActor
    static func chunks(
        of session: TabSession, page: WebFrontEnd.LivePage, frontEnd: WebFrontEnd, heartbeat: Duration, limit: Int?
    ) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(32))
        frontEnd.sessions.liveConnection(of: session, opened: true)
        continuation.yield(ServerSentEvent.preamble)
        let updates = Task { @MainActor in
            var previous: LiveState?
            var sent = 0
            for await state in ObservedValues({ frontEnd.liveState(of: session, page: page) }) {
                for event in state.events(since: previous) {
                    continuation.yield(event.wireFormat)
                    sent += 1
                }
                previous = state
                if let limit, sent >= limit { break }
            }
            continuation.finish()
        }
        let beats = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: heartbeat)
                continuation.yield(ServerSentEvent.heartbeat)
            }
        }
        continuation.onTermination = { _ in
            updates.cancel()
            beats.cancel()
            Task { @MainActor in frontEnd.sessions.liveConnection(of: session, opened: false) }
        }
        return stream
    }
}
