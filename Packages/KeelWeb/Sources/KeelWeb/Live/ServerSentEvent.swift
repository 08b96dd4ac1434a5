/// One server-sent event, in the `text/event-stream` wire format.
public struct ServerSentEvent: Equatable, Sendable {
    /// The event's type; `nil` for a plain message.
    public var event: String?
    /// The data; several lines are sent as several `data:` lines.
    public var data: String
    /// The event's id, which a browser sends back as `Last-Event-ID` when it
    /// reconnects; `nil` for none. It must hold no line break.
    public var id: String?

    /// An event of type `event` carrying `data`, with the id `id` if any.
    public init(event: String?, data: String, id: String? = nil) {
        precondition(id.map { !$0.contains(where: \.isNewline) } ?? true, "an event's id holds no line break")
        self.event = event
        self.data = data
        self.id = id
    }

    /// The event on the wire, ending with the blank line that dispatches it.
    public var wireFormat: String {
        var wire: [UInt8] = []
        wire.reserveCapacity(data.utf8.count + 64)
        if let id { wire += "id: \(id)\n".utf8 }
        if let event { wire += "event: \(event)\n".utf8 }
        // Lines end at "\r\n", "\r" or "\n", as event-stream parsers read them
        // (a lone "\r" left in a data line would end it early and let the rest
        // pass for a field of its own). They are found in the contiguous UTF-8
        // of the data, and the lines' bytes copied as they are, the result made
        // a string once: a fragment is tens of kilobytes and hundreds of lines,
        // and cutting it by characters, or making a string of each line, cost
        // most of a live update.
        let (lineFeed, carriageReturn, prefix) = (UInt8(ascii: "\n"), UInt8(ascii: "\r"), Array("data: ".utf8))
        var data = data
        data.withUTF8 { bytes in
            var start = 0
            while true {
                let end = bytes[start...].firstIndex { $0 == lineFeed || $0 == carriageReturn } ?? bytes.endIndex
                wire += prefix
                wire += bytes[start..<end]
                wire.append(lineFeed)
                guard end < bytes.endIndex else { break }
                start = end + 1
                if bytes[end] == carriageReturn, start < bytes.endIndex, bytes[start] == lineFeed { start += 1 }
            }
        }
        wire.append(lineFeed)
        return String(decoding: wire, as: UTF8.self)
    }

    /// A comment line, which keeps the connection alive and is ignored by browsers.
    public static let heartbeat = ": heartbeat\n\n"

    /// The first lines of a stream: how long browsers wait before reconnecting.
    public static let preamble = "retry: 2000\n\n"
}
