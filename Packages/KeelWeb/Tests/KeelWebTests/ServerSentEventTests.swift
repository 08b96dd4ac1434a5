import KeelWeb
import Testing

@Suite("Server-sent events on the wire", .timeLimit(.minutes(1)))
struct ServerSentEventTests {
    @Test("each line of the data is a data: line; the event ends with a blank line")
    func wireFormat() {
        #expect(ServerSentEvent(event: "fragment", data: #"{"html":"<p>한국 🇰🇷</p>"}"#).wireFormat
            == "event: fragment\ndata: {\"html\":\"<p>한국 🇰🇷</p>\"}\n\n")
        #expect(ServerSentEvent(event: nil, data: "one\ntwo\n\nfour").wireFormat
            == "data: one\ndata: two\ndata: \ndata: four\n\n")
        #expect(ServerSentEvent(event: "scene", data: "").wireFormat == "event: scene\ndata: \n\n")
        // "\r\n" (one Character) and a lone "\r" end lines too: neither can
        // smuggle a field of its own into the stream.
        #expect(ServerSentEvent(event: nil, data: "a\r\nb").wireFormat == "data: a\ndata: b\n\n")
        #expect(ServerSentEvent(event: "fragment", data: "x\revent: evil\r\rdata: y").wireFormat
            == "event: fragment\ndata: x\ndata: event: evil\ndata: \ndata: data: y\n\n")
        #expect(ServerSentEvent(event: "fragment", data: "rows", id: "a1").wireFormat == "id: a1\nevent: fragment\ndata: rows\n\n")
    }
}
