/// An event encoded once for every live connection that sends it.
///
/// What every tab shows alike (the new codes at a period's end, for every
/// tab of a list) is computed once, and each connection writes the same
/// string: no per-tab rendering or encoding, however many tabs are open.
/// A connection follows it with the `shared` reading of
/// ``LiveConnection/chunks(of:in:heartbeat:limit:state:shared:)``.
public struct SharedEvent: Equatable, Sendable {
    /// The event in the `text/event-stream` wire format.
    public let wire: String

    /// `event`, encoded once.
    public init(_ event: ServerSentEvent) {
        wire = event.wireFormat
    }
}
