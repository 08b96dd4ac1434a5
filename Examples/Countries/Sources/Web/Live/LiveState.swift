import Foundation

/// What a tab's live connection shows: the changing part of its page,
/// rendered, and whether the tab's content is hidden.
///
/// The front-end computes it inside Observation tracking, from the tab's
/// view models: each time something it read changes, it is computed again,
/// and the connection sends what differs.
struct LiveState: Equatable, Sendable {
    /// The id of the element the HTML replaces.
    let target: String
    /// The rendered HTML of that element's content.
    let html: String
    /// Whether the tab's content is hidden.
    let hidden: Bool

    /// The server-sent events that bring a page showing `previous` to this state.
    func events(since previous: LiveState?) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if previous?.html != html || previous?.target != target {
            // The target's id on the first line, the HTML on the others: no
            // encoding of the (tens of kilobytes of) HTML is needed.
            events.append(ServerSentEvent(event: "fragment", data: target + "\n" + html))
        }
        if previous?.hidden != hidden {
            events.append(ServerSentEvent(event: "scene", data: hidden ? #"{"hidden":true}"# : #"{"hidden":false}"#))
        }
        return events
    }
}
