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
            events.append(ServerSentEvent(event: "fragment", data: Self.json(["target": target, "html": html])))
        }
        if previous?.hidden != hidden {
            events.append(ServerSentEvent(event: "scene", data: hidden ? #"{"hidden":true}"# : #"{"hidden":false}"#))
        }
        return events
    }

    private static func json(_ object: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(object) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
