/// One server-sent event, in the `text/event-stream` wire format.
struct ServerSentEvent: Equatable, Sendable {
    /// The event's type; `nil` for a plain message.
    var event: String?
    /// The data; several lines are sent as several `data:` lines.
    var data: String

    /// The event on the wire, ending with the blank line that dispatches it.
    var wireFormat: String {
        var wire = ""
        wire.reserveCapacity(data.utf8.count + 64)
        if let event { wire += "event: \(event)\n" }
        // Lines are cut at the byte "\n", found in the contiguous UTF-8 of the
        // data: a fragment is tens of kilobytes and hundreds of lines, and
        // cutting it by characters (grapheme clusters) cost most of a live update.
        var data = data
        data.withUTF8 { bytes in
            var start = 0
            while true {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
                wire += "data: "
                wire += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                wire += "\n"
                guard end < bytes.endIndex else { break }
                start = end + 1
            }
        }
        return wire + "\n"
    }

    /// A comment line, which keeps the connection alive and is ignored by browsers.
    static let heartbeat = ": heartbeat\n\n"

    /// The first lines of a stream: how long browsers wait before reconnecting.
    static let preamble = "retry: 2000\n\n"
}
