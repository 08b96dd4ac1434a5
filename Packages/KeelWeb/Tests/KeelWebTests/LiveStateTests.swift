import KeelWeb
import Testing

@Suite("Live states: only what changed is sent", .timeLimit(.minutes(1)))
struct LiveStateTests {
    @Test("the first state sends its fragment and scene; a later one only what differs")
    func differences() throws {
        let first = LiveState(fragment: .fragment("<p>1</p>", in: "rows"), hidden: false)
        let firstID = try #require(first.fragment?.id)
        #expect(first.events(since: nil) == [
            "id: \(firstID)\nevent: fragment\ndata: rows\ndata: <p>1</p>\n\n",
            "event: scene\ndata: {\"hidden\":false}\n\n",
        ])
        #expect(first.events(since: first).isEmpty)
        let second = LiveState(fragment: .fragment("<p>2</p>", in: "rows"), hidden: false)
        #expect(second.events(since: first) == [second.fragment?.wire])
        let hidden = LiveState(fragment: .fragment("<p>2</p>", in: "rows"), hidden: true)
        #expect(hidden.events(since: second) == ["event: scene\ndata: {\"hidden\":true}\n\n"])
        // An event without an id is sent when it changes, as one with an id.
        let plain = LiveState(fragment: SharedEvent(ServerSentEvent(event: "fragment", data: "rows\n<p>3</p>")), hidden: false)
        #expect(plain.events(since: plain).isEmpty)
        #expect(plain.events(since: second) == [plain.fragment?.wire])
        #expect(plain.events(since: nil, shown: nil).first == plain.fragment?.wire)
        // A page with no changing part follows the scene alone.
        #expect(LiveState(fragment: nil, hidden: false).events(since: nil) == ["event: scene\ndata: {\"hidden\":false}\n\n"])
    }

    @Test("a page that shows the fragment already (its page, or the last event received) is not sent it again")
    func shown() throws {
        let state = LiveState(fragment: .fragment("<p>1</p>", in: "rows"), hidden: false)
        let id = try #require(state.fragment?.id)
        // Ids name contents: the same fragment made again has the same; another has another.
        #expect(SharedEvent.fragment("<p>1</p>", in: "rows").id == id)
        #expect(SharedEvent.fragment("<p>2</p>", in: "rows").id != id)
        #expect(SharedEvent.fragment("<p>1</p>", in: "other").id != id)
        #expect(state.events(since: nil, shown: id) == ["event: scene\ndata: {\"hidden\":false}\n\n"])
        #expect(state.events(since: nil, shown: "0") == [state.fragment?.wire, "event: scene\ndata: {\"hidden\":false}\n\n"])
        // Once connected, what the connection sent is what the page shows.
        let later = LiveState(fragment: .fragment("<p>2</p>", in: "rows"), hidden: false)
        #expect(later.events(since: state, shown: id) == [later.fragment?.wire])
    }

    @Test("a state with a location sends the tab there, once, and nothing else")
    func navigation() {
        let shown = LiveState(fragment: .fragment("<p>1</p>", in: "rows"), hidden: false)
        let away = LiveState(location: "/unlock?tab=t")
        #expect(away.events(since: shown) == ["event: navigate\ndata: /unlock?tab=t\n\n"])
        #expect(away.events(since: away).isEmpty)
    }
}
