/// An event encoded once for every live connection that sends it.
///
/// What every tab shows alike (the new codes at a period's end, the rows of
/// the same list) is computed once, and each connection writes the same
/// string: no per-tab rendering or encoding, however many tabs are open.
public struct SharedEvent: Equatable, Sendable {
    /// The event in the `text/event-stream` wire format.
    public let wire: String
    /// The event's id, if it has one.
    public let id: String?

    /// `event`, encoded once.
    public init(_ event: ServerSentEvent) {
        wire = event.wireFormat
        id = event.id
    }

    /// The `fragment` event that replaces the content of the element `target`
    /// with `html`, whose tab markers (``SharedFragments/tabMarker``,
    /// ``SharedFragments/tokenMarker``) the page's script fills in with its
    /// own tab's id and token: so one event serves every tab.
    ///
    /// Its id names its content: a page that shows it already (the page
    /// rendered with it, or a reconnection after it was received) says so,
    /// and is not sent it again (``LiveState/events(since:shown:)``).
    public static func fragment(_ html: String, in target: String) -> SharedEvent {
        // The target's id on the first line, the HTML on the others: no
        // encoding of the (tens of kilobytes of) HTML is needed.
        let data = target + "\n" + html
        return SharedEvent(ServerSentEvent(event: "fragment", data: data, id: contentID(of: data)))
    }

    /// An id of `data` for this process: equal contents, equal ids. Hashed
    /// with the process's own seed, so a page served by an earlier run of
    /// the server never passes for showing a fragment of this one; two
    /// different fragments share an id once in 2⁶⁴.
    private static func contentID(of data: String) -> String {
        var hasher = Hasher()
        hasher.combine(data)
        return String(UInt64(bitPattern: Int64(hasher.finalize())), radix: 16)
    }
}
