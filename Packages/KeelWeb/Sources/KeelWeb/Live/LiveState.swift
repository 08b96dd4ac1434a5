/// What a tab's live connection shows: the changing part of its page, as
/// the `fragment` event that shows it, and whether the tab's content is hidden.
///
/// An app's front-end computes it inside Observation tracking, from the tab's
/// view models: each time something it read changes, it is computed again,
/// and the connection sends what differs.
public struct LiveState: Equatable, Sendable {
    /// The `fragment` event showing the changing part of the page, encoded
    /// once for every tab that shows the same (``SharedFragments/event(_:_:in:)``);
    /// `nil` for a page with no such part.
    public let fragment: SharedEvent?
    /// Whether the tab's content is hidden.
    public let hidden: Bool
    /// Where the tab must go instead of showing this page (such as an unlock page), if anywhere.
    public let location: String?

    /// The state showing `fragment`, with the tab's content hidden or not.
    public init(fragment: SharedEvent?, hidden: Bool) {
        self.fragment = fragment
        self.hidden = hidden
        self.location = nil
    }

    /// The state that sends the tab to `location` instead of showing its page.
    public init(location: String) {
        self.fragment = nil
        self.hidden = false
        self.location = location
    }

    /// The server-sent events, in the wire format, that bring a page showing
    /// `previous` to this state; for a page just connected (`previous` is
    /// `nil`), `shown` is the id of the fragment it shows, if it knows it,
    /// which is not sent again.
    public func events(since previous: LiveState?, shown: String? = nil) -> [String] {
        if let location {
            // The page is left: nothing else it would show matters.
            return previous?.location == location ? [] : [ServerSentEvent(event: "navigate", data: location).wireFormat]
        }
        var events: [String] = []
        if let fragment {
            // What the page shows: what this connection sent it, or else what it says it shows.
            let isShown = previous.map { $0.fragment == fragment } ?? (fragment.id != nil && fragment.id == shown)
            // The same event for every tab: written as it is, not encoded again.
            if !isShown { events.append(fragment.wire) }
        }
        if previous?.hidden != hidden {
            events.append(hidden ? Self.hiddenScene : Self.shownScene)
        }
        return events
    }

    private static let hiddenScene = ServerSentEvent(event: "scene", data: #"{"hidden":true}"#).wireFormat
    private static let shownScene = ServerSentEvent(event: "scene", data: #"{"hidden":false}"#).wireFormat
}
