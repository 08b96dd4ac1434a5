/// What a tab's live connection shows: the changing part of its page,
/// rendered, and whether the tab's content is hidden.
///
/// An app's front-end computes it inside Observation tracking, from the tab's
/// view models: each time something it read changes, it is computed again,
/// and the connection sends what differs.
public struct LiveState: Equatable, Sendable {
    /// The id of the element the HTML replaces.
    public let target: String
    /// The rendered HTML of that element's content.
    public let html: String
    /// Whether the tab's content is hidden.
    public let hidden: Bool
    /// Where the tab must go instead of showing this page (such as an unlock page), if anywhere.
    public let location: String?

    /// The state showing `html` in the element `target`, or sending the tab to `location`.
    public init(target: String, html: String, hidden: Bool, location: String? = nil) {
        self.target = target
        self.html = html
        self.hidden = hidden
        self.location = location
    }

    /// The server-sent events that bring a page showing `previous` to this state.
    public func events(since previous: LiveState?) -> [ServerSentEvent] {
        if let location {
            // The page is left: nothing else it would show matters.
            return previous?.location == location ? [] : [ServerSentEvent(event: "navigate", data: location)]
        }
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
