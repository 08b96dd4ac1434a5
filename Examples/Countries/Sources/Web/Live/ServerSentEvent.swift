/// One server-sent event, in the `text/event-stream` wire format.
struct ServerSentEvent: Equatable, Sendable {
    /// The event's type; `nil` for a plain message.
    var event: String?
    /// The data; several lines are sent as several `data:` lines.
    var data: String

    /// The event on the wire, ending with the blank line that dispatches it.
    var wireFormat: String {
        var lines: [String] = []
        if let event { lines.append("event: \(event)") }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append("data: \(line)")
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// A comment line, which keeps the connection alive and is ignored by browsers.
    static let heartbeat = ": heartbeat\n\n"

    /// The first lines of a stream: how long browsers wait before reconnecting.
    static let preamble = "retry: 2000\n\n"
}
