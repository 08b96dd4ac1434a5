import KeelWeb
import Testing

@Suite("Live states: only what changed is sent", .timeLimit(.minutes(1)))
struct LiveStateTests {
    @Test("the first state sends its fragment and scene; a later one only what differs")
    func differences() {
        let first = LiveState(target: "rows", html: "<p>1</p>", hidden: false)
        #expect(first.events(since: nil) == [
            ServerSentEvent(event: "fragment", data: "rows\n<p>1</p>"),
            ServerSentEvent(event: "scene", data: #"{"hidden":false}"#),
        ])
        #expect(first.events(since: first).isEmpty)
        let second = LiveState(target: "rows", html: "<p>2</p>", hidden: false)
        #expect(second.events(since: first) == [ServerSentEvent(event: "fragment", data: "rows\n<p>2</p>")])
    }

    @Test("a state with a location sends the tab there, once, and nothing else")
    func navigation() {
        let shown = LiveState(target: "rows", html: "<p>1</p>", hidden: false)
        let away = LiveState(target: "rows", html: "", hidden: false, location: "/unlock?tab=t")
        #expect(away.events(since: shown) == [ServerSentEvent(event: "navigate", data: "/unlock?tab=t")])
        #expect(away.events(since: away).isEmpty)
    }
}
