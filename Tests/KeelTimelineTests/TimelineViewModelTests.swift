import Foundation
import Keel
import KeelTimeline
import KeelTesting
import Testing

@Suite("The timeline viewer's view model: live entries, filters, rewind, files", .timeLimit(.minutes(1)))
@MainActor
struct TimelineViewModelTests {
    struct Shelf: Equatable, Sendable {
        var titles = ["Dune"]
        var query = ""
    }

    enum Event: Sendable {
        case search(String)
        case tapped
    }

    // Usecases, as an app writes them: the timeline names them by their function.
    func addBook(_ store: MutableStore<Shelf>, _ title: String) {
        store.update { $0.titles.append(title) }
    }

    func search(_ store: MutableStore<Shelf>, _ text: String) {
        store.update { $0.query = text }
    }

    @Test("an update made after the viewer opened appears in it, without asking")
    func live() async {
        let store = MutableStore(Shelf(), timeline: 10)
        let viewer = TimelineViewModel(store: store)
        #expect(viewer.entries.isEmpty)
        addBook(store, "Emma")
        await waitUntil { viewer.entries.count == 1 }
        store.readOnly.record(Event.search("em"), from: "Book list")
        search(store, "em")
        await waitUntil { viewer.entries.count == 3 }
        #expect(viewer.entries.map(\.description) == [
            #"addBook(_:_:) → titles[1]: inserted "Emma""#,
            #"Book list sent search("em")"#,
            #"search(_:_:) → query: "" → "em""#,
        ])
        #expect(viewer.current == viewer.entries.last?.id)
    }

    @Test("the filter keeps the entries whose usecase, screen, action or changed slice holds the text, in any case")
    func filter() {
        let store = MutableStore(Shelf(), timeline: 10)
        addBook(store, "Emma")
        store.readOnly.record(Event.tapped, from: "Book list")
        search(store, "em")
        let viewer = TimelineViewModel(store: store)
        viewer.send(.filter("QUERY"))
        #expect(viewer.entries.map(\.id) == [3])
        viewer.send(.filter("addbook"))
        #expect(viewer.entries.map(\.id) == [1])
        viewer.send(.filter("book list"))
        #expect(viewer.entries.map(\.id) == [2])
        viewer.send(.filter("nothing like it"))
        #expect(viewer.entries.isEmpty)
        viewer.send(.filter(" "))
        #expect(viewer.entries.count == 3)
    }

    func noteActivity(_ store: MutableStore<Shelf>, _ count: Int) {
        store.update { $0.titles[0] = "Dune \(count)" }
    }

    @Test("rows: each action with the updates that followed it, and runs of the same work folded into their first")
    func rows() {
        let store = MutableStore(Shelf(), timeline: 20)
        noteActivity(store, 1)
        noteActivity(store, 2)
        store.readOnly.record(Event.search("em"), from: "Book list")
        search(store, "em")
        noteActivity(store, 3)
        noteActivity(store, 4)
        noteActivity(store, 5)
        store.readOnly.record(Event.tapped, from: "Book list")
        addBook(store, "Emma")
        let viewer = TimelineViewModel(store: store)
        let rows = viewer.rows
        #expect(rows.map(\.id) == [1, 3, 8])
        #expect(rows[0].repeats.map(\.id) == [2], "the same bookkeeping, folded")
        #expect(rows[1].entry.title == #"Book list sent search("em")"#)
        #expect(rows[1].followed.map(\.id) == [4, 5], "the action's search, then its bookkeeping, folded")
        #expect(rows[1].followed[1].repeats.map(\.id) == [6, 7])
        #expect(rows[2].followed.map(\.id) == [9])
        let places = TimelineRow.places(in: rows)
        #expect(places[2]?.foldedInto == 1 && places[2]?.in == nil)
        #expect(places[7]?.in == 3 && places[7]?.foldedInto == 5)
        #expect(places[9]?.in == 8 && places[9]?.foldedInto == nil)
        #expect(places[8]?.in == nil)
        // The filter applies first: rows of what passes it.
        viewer.send(.filter("query"))
        #expect(viewer.rows.map(\.id) == [4])
    }

    @Test("rewind puts the state back and moves the current entry; latest goes forward again; selection shows the changes")
    func rewind() {
        let store = MutableStore(Shelf(), timeline: 10)
        addBook(store, "Emma")
        search(store, "em")
        let viewer = TimelineViewModel(store: store)
        viewer.send(.select(2))
        #expect(viewer.selected?.changes == [StateChange(path: "query", old: #""""#, new: #""em""#)])
        viewer.send(.rewind(to: 1))
        #expect(store.state == Shelf(titles: ["Dune", "Emma"], query: ""))
        #expect(viewer.current == 1)
        viewer.send(.rewind(to: 0))
        #expect(store.state == Shelf())
        viewer.send(.latest)
        #expect(store.state == Shelf(titles: ["Dune", "Emma"], query: "em"))
        #expect(viewer.current == 2)
        viewer.send(.select(nil))
        #expect(viewer.selected == nil)
    }

    @Test("an exported timeline opens again, to read: no rewind while it is shown; close goes back to the store's")
    func files() throws {
        let store = MutableStore(Shelf(), timeline: 10)
        addBook(store, "Emma")
        let viewer = TimelineViewModel(store: store)
        let file = viewer.exported()
        let read = try Timeline(json: file), kept = store.timeline
        #expect(read.entries.map(\.cause) == kept.entries.map(\.cause))
        #expect(read.entries.map(\.changes) == kept.entries.map(\.changes))
        #expect(read.entries.map(\.duration) == kept.entries.map(\.duration))
        // Dates to the millisecond.
        #expect(zip(read.entries, kept.entries).allSatisfy { abs($0.date.timeIntervalSince($1.date)) < 0.001 })

        search(store, "em")
        viewer.send(.open(file))
        #expect(viewer.isShowingFile)
        #expect(viewer.entries.count == 1)
        #expect(!viewer.canRewind)
        viewer.send(.rewind(to: 0))
        viewer.send(.latest)
        #expect(store.state.titles == ["Dune", "Emma"])
        #expect(store.state.query == "em")
        viewer.send(.close)
        #expect(!viewer.isShowingFile)
        #expect(viewer.entries.count == 2)
    }

    @Test("a file that is not a timeline is said to be one, and what was shown stays")
    func badFile() {
        let store = MutableStore(Shelf(), timeline: 10)
        addBook(store, "Emma")
        let viewer = TimelineViewModel(store: store)
        viewer.send(.open(Data(#"{"entries": 3}"#.utf8)))
        #expect(viewer.message?.hasPrefix("This file is not a Keel timeline (") == true)
        #expect(!viewer.isShowingFile)
        #expect(viewer.entries.count == 1)
        viewer.send(.open(Data("not json".utf8)))
        #expect(viewer.message?.hasPrefix("This file is not a Keel timeline (") == true)
    }

    @Test("a store without a timeline shows none, and the viewer's following ends")
    func off() async {
        let store = MutableStore(Shelf())
        var signals = 0
        for await _ in store.readOnly.timelineChanges { signals += 1 }
        #expect(signals == 0)
        let viewer = TimelineViewModel(store: store)
        addBook(store, "Emma")
        #expect(viewer.entries.isEmpty)
    }

    @Test("a viewer is released when its screen lets it go, though it follows the store")
    func released() async {
        let store = MutableStore(Shelf(), timeline: 10)
        weak var gone: TimelineViewModel?
        do {
            let viewer = TimelineViewModel(store: store)
            gone = viewer
            addBook(store, "Emma")
            await waitUntil { viewer.entries.count == 1 }
        }
        #expect(gone == nil)
        addBook(store, "Ulysses") // the following task has ended: nothing to deliver to
        #expect(store.timeline.entries.count == 2)
    }
}
