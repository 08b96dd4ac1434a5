import Foundation
import Keel
import KeelTimeline
import Observation
import Testing

@Suite("The store's timeline: what asked for each update, what it changed, and rewind", .timeLimit(.minutes(1)))
struct TimelineTests {
    struct Book: Equatable, Sendable {
        var title: String
        var isRead = false
    }

    /// A passphrase that redacts itself, as the Authenticator's do.
    struct Passphrase: Equatable, Sendable, CustomStringConvertible, CustomReflectable {
        var text: String
        var description: String { "Passphrase(redacted)" }
        var customMirror: Mirror { Mirror(self, children: [(label: String?, value: Any)]()) }
    }

    struct Shelf: Equatable, Sendable {
        var books = [Book(title: "Dune"), Book(title: "Emma")]
        var query = ""
        var passphrase = Passphrase(text: "")
        var loaded: Loadable<Int> = .notRequested

        /// A computed property: its key path has no name to show.
        var first: Book {
            get { books[0] }
            set { books[0] = newValue }
        }
    }

    enum Event: Sendable {
        case search(String)
    }

    // Usecases, as an app writes them: the timeline names them by their function.
    func markRead(_ store: MutableStore<Shelf>, _ index: Int) {
        store.update(at: { $0.books[index] }) { $0.isRead = true }
    }

    func search(_ store: MutableStore<Shelf>, _ text: String) {
        store.update { $0.query = text }
    }

    @Test("a store made without a timeline keeps none")
    func offByDefault() {
        let store = MutableStore(Shelf())
        markRead(store, 0)
        #expect(store.timeline == Timeline())
        store.rewind(to: 0)
        #expect(store.state.books[0].isRead)
    }

    @Test("each update that changed the state is an entry: the usecase, its file and the changes")
    func entries() throws {
        let store = MutableStore(Shelf(), timeline: 10)
        markRead(store, 1)
        search(store, "dune")
        store.update { $0.query = "dune" } // changes nothing: no entry
        #expect(throws: CancellationError.self) { try store.update { _ in throw CancellationError() } }
        let entries = store.timeline.entries
        #expect(entries.map(\.id) == [1, 2])
        #expect(entries.map(\.cause) == [
            .update(usecase: "markRead(_:_:)", file: "KeelTimelineTests/TimelineTests.swift"),
            .update(usecase: "search(_:_:)", file: "KeelTimelineTests/TimelineTests.swift"),
        ])
        #expect(entries.map(\.description) == [
            "markRead(_:_:) → books[1].isRead: false → true",
            #"search(_:_:) → query: "" → "dune""#,
        ])
        #expect(store.timeline.position == nil)
    }

    @Test("a change made through a computed property is shown, and rewound, from the whole state")
    func computed() {
        let store = MutableStore(Shelf(), timeline: 10)
        store.update(at: { $0.first }, usecase: "readFirst") { $0.isRead = true }
        #expect(store.timeline.entries.map(\.description) == ["readFirst → books[0].isRead: false → true"])
        store.rewind(to: 0)
        #expect(store.state == Shelf())
        store.rewind(to: 1)
        #expect(store.state.books[0].isRead)
    }

    @Test("an explicit name replaces the caller's function")
    func explicitName() {
        let store = MutableStore(Shelf(), timeline: 10)
        store.update(usecase: "importBooks") { $0.books.append(Book(title: "Ulysses")) }
        #expect(store.timeline.entries.map(\.description) == [#"importBooks → books[2]: inserted Book(title: "Ulysses", isRead: false)"#])
    }

    @Test("a load's entries are named by the usecase that started it")
    func loads() async {
        let store = MutableStore(Shelf(), timeline: 10)
        func loadCount() async { _ = await store.load(at: { $0.loaded }, logbook: SilentLogbook()) { 42 }.value }
        await loadCount()
        #expect(store.timeline.entries.map(\.description) == [
            "loadCount() → loaded: notRequested → loading(last: nil)",
            "loadCount() → loaded: loading(last: nil) → loaded(42)",
        ])
    }

    @Test("the ring keeps the last entries only")
    func ring() {
        let store = MutableStore(Shelf(), timeline: 3)
        for text in ["a", "b", "c", "d", "e"] { search(store, text) }
        #expect(store.timeline.entries.map(\.id) == [3, 4, 5])
        store.rewind(to: 0) // as far back as the ring reaches: before entry 3
        #expect(store.state.query == "b")
        #expect(store.timeline.position == 2)
    }

    @Test("what a rewind keeps stays as it is now, back and forward, in the same update")
    func rewindKeeping() {
        let store = MutableStore(Shelf(), timeline: 10)
        search(store, "dune")
        markRead(store, 0)
        search(store, "emma")
        let keepQuery: (Shelf, inout Shelf) -> Void = { now, rewound in rewound.query = now.query }
        let queryChanged = Observed()
        withObservationTracking { _ = store.readOnly.read { $0.query } } onChange: { queryChanged.mark() }

        store.rewind(to: 0, keeping: keepQuery)
        #expect(store.state.books.map(\.isRead) == [false, false])
        #expect(store.state.query == "emma")
        #expect(queryChanged.count == 0)
        store.rewind(to: 2, keeping: keepQuery)
        #expect(store.state.books.map(\.isRead) == [true, false])
        #expect(store.state.query == "emma")
        #expect(store.timeline.position == 2)
    }

    @Test("rewind puts the state back, notifies the observers of what changed, and goes forward again")
    func rewind() {
        let store = MutableStore(Shelf(), timeline: 10)
        markRead(store, 0)
        search(store, "dune")
        markRead(store, 1)
        let changed = Observed()
        withObservationTracking { _ = store.readOnly.read { $0.books[1] } } onChange: { changed.mark() }
        let queryChanged = Observed()
        withObservationTracking { _ = store.readOnly.read { $0.query } } onChange: { queryChanged.mark() }

        store.rewind(to: 1)
        #expect(store.state.books.map(\.isRead) == [true, false])
        #expect(store.state.query == "")
        #expect(store.timeline.position == 1)
        #expect(changed.count == 1)
        #expect(queryChanged.count == 1)

        store.rewind(to: 0)
        #expect(store.state == Shelf())
        store.rewind(to: 3)
        #expect(store.state.books.map(\.isRead) == [true, true])
        #expect(store.state.query == "dune")
        #expect(store.timeline.position == nil)
        #expect(store.timeline.entries.count == 3) // rewinds are not entries
    }

    @Test("an update after a rewind sets the entries after it aside, as a branch kept to read and export")
    func updateAfterRewind() throws {
        let store = MutableStore(Shelf(), timeline: 10)
        search(store, "a")
        search(store, "b")
        search(store, "c")
        store.rewind(to: 1)
        #expect(store.timeline.branches.isEmpty, "a rewind alone sets nothing aside")
        markRead(store, 0)
        #expect(store.timeline.entries.map(\.id) == [1, 4])
        #expect(store.state.query == "a")
        let branch = try #require(store.timeline.branches.first)
        #expect(branch.from == 1)
        #expect(branch.entries.map(\.description) == [#"search(_:_:) → query: "a" → "b""#, #"search(_:_:) → query: "b" → "c""#])
        // Kept in an export, and read back; an export made before branches has none.
        let read = try Timeline(json: store.timeline.json())
        #expect(read.branches.map(\.from) == [1])
        #expect(read.branches.map { $0.entries.map(\.description) } == [branch.entries.map(\.description)])
        let older = try Timeline(json: Data(#"{"entries":[]}"#.utf8))
        #expect(older.branches.isEmpty && older.position == nil)
        // A rewind moves the state's own history only.
        store.rewind(to: 0)
        #expect(store.state == Shelf())
        store.rewind(to: 4)
        #expect(store.state.query == "a" && store.state.books[0].isRead)
    }

    @Test("branches hold at most as many entries as the timeline, the oldest going first")
    func branchesAreBounded() {
        let store = MutableStore(Shelf(), timeline: 3)
        for round in 0..<5 {
            search(store, "x\(round)")
            let x = store.timeline.entries.last?.id ?? 0
            search(store, "y\(round)")
            store.rewind(to: x)
            search(store, "z\(round)")
        }
        // A branch of one entry per round; three kept, the last three.
        #expect(store.timeline.branches.map { $0.entries.map(\.description) } == [
            [#"search(_:_:) → query: "x2" → "y2""#], [#"search(_:_:) → query: "x3" → "y3""#], [#"search(_:_:) → query: "x4" → "y4""#],
        ])
    }

    @Test("a view model's actions are entries too, read as the screen sending them")
    func actions() {
        let store = MutableStore(Shelf(), timeline: 10)
        store.readOnly.record(Event.search("dune"), from: "Book list")
        search(store, "dune")
        #expect(store.timeline.entries.map(\.description) == [
            #"Book list sent search("dune")"#,
            #"search(_:_:) → query: "" → "dune""#,
        ])
        MutableStore(Shelf()).readOnly.record(Event.search("x"), from: "ignored") // no timeline: nothing, no crash
    }

    @Test("a value that redacts itself stays redacted in every rendering and in the JSON")
    func secrets() throws {
        let store = MutableStore(Shelf(), timeline: 10)
        store.update { $0.passphrase = Passphrase(text: "correct horse battery staple") }
        store.update(at: { $0.passphrase }) { $0 = Passphrase(text: "tr0ub4dor&3") }
        let timeline = store.timeline
        let json = String(decoding: try JSONEncoder().encode(timeline), as: UTF8.self)
        for rendering in [timeline.entries.map(\.description).joined(), "\(timeline)", json] {
            #expect(!rendering.contains("horse"))
            #expect(!rendering.contains("tr0ub4dor"))
            #expect(rendering.contains("Passphrase(redacted)"))
        }
        // The same description on both sides says the value changed where it does not show.
        #expect(timeline.entries.last?.changes.map(\.description) == [
            "passphrase: Passphrase(redacted) → Passphrase(redacted) (changed where its description does not show)",
        ])
    }

    @Test("a timeline exported as JSON reads back the same")
    func json() throws {
        let store = MutableStore(Shelf(), timeline: 10)
        markRead(store, 1)
        store.readOnly.record(Event.search("x"), from: "List")
        store.rewind(to: 1)
        let data = try JSONEncoder().encode(store.timeline)
        #expect(try JSONDecoder().decode(Timeline.self, from: data) == store.timeline)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Timeline.self, from: Data(#"{"entries": 3}"#.utf8)) }
    }

    @Test("updates from many threads are each recorded once, in the order they were made")
    func concurrent() async {
        let store = MutableStore(Shelf(), timeline: 1_000)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<400 {
                group.addTask { store.update(usecase: "count") { $0.query = "\(index)" } }
            }
        }
        let entries = store.timeline.entries
        #expect(entries.map(\.id) == Array(1...entries.count))
        #expect(entries.count >= 300) // an update that set the same text as the one before changed nothing
        #expect(entries.last?.changes.last?.new == #""\#(store.state.query)""#)
    }
}

/// Counts Observation's change callbacks (which may come from any thread).
final class Observed: Sendable {
    private let changes = Locked(0)
    func mark() { changes.withLock { $0 += 1 } }
    var count: Int { changes.withLock { $0 } }
}
