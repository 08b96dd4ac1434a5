import Foundation
import Keel
import KeelTesting
import KeelTimeline
import Observation
import Testing

@Suite("TimelineReplay: a recorded timeline replayed as a test", .timeLimit(.minutes(1)))
@MainActor
struct TimelineReplayTests {
    struct Shelf: Equatable, Sendable {
        var books: [String] = []
        var loaded: Loadable<Int> = .notRequested
        var checkedAt: Date?
    }

    /// The usecases of a small app; `broken` changes what `add` writes, as a
    /// regression would.
    final class App: Sendable {
        let store: MutableStore<Shelf>
        let broken: Bool
        /// The container's clock, its answers recorded in the timeline.
        let now: @Sendable () -> Date
        init(timeline: Int? = 100, broken: Bool = false, now: @escaping @Sendable () -> Date = { Date() }) {
            store = MutableStore(Shelf(), timeline: timeline)
            self.broken = broken
            self.now = store.recording("now()", now)
        }

        /// A usecase that asks the clock.
        func check() {
            let date = now()
            store.update(at: { $0.checkedAt }) { $0 = date }
        }

        func add(_ title: String) {
            store.update(at: { $0.books }) { $0.append(broken ? title.uppercased() : title) }
        }

        /// Two updates, the second after a suspension.
        func load() async {
            store.update(at: { $0.loaded }) { $0 = .loading(last: $0.value) }
            await Task.yield()
            let count = store.state.books.count
            store.update(at: { $0.loaded }) { $0 = .loaded(count) }
        }
    }

    /// A screen whose events are Codable: the timeline records them as JSON.
    @Observable
    final class ShelfViewModel: ViewModel {
        enum Event: Codable, Sendable, Equatable {
            case add(String)
            case load
            case check
        }

        private let app: App
        private let tasks = OwnedTasks()
        init(_ app: App) { self.app = app }

        func send(_ event: Event) {
            app.store.readOnly.record(event, from: "Shelf")
            switch event {
            case .add(let title): app.add(title)
            case .load: tasks.run("load") { [app] in await app.load() }
            case .check: app.check()
            }
        }
    }

    /// An event that is not Codable: recorded by its description only.
    enum Opaque: Sendable { case poke }

    /// Records a session: the events a person sent, and the updates they made.
    func recordedSession() async -> Timeline {
        let app = App()
        let screen = ShelfViewModel(app)
        screen.send(.add("Dune"))
        await settle { screen.send(.load) }
        screen.send(.add("Emma"))
        return app.store.timeline
    }

    /// Replays `record` on a fresh app, sending the Shelf screen's events.
    func replay(_ record: Timeline, broken: Bool = false) async throws(ReplayFailure) {
        let app = App(broken: broken)
        let screen = ShelfViewModel(app)
        try await TimelineReplay(record).run(on: app.store.readOnly, timeout: .seconds(5)) { event in
            guard event.screen == "Shelf" else { throw event.unknownScreen }
            screen.send(try event.decoded())
        }
    }

    @Test("a Codable event is recorded with its JSON; another by its description only")
    func recordsJSON() {
        let store = MutableStore(Shelf(), timeline: 10)
        store.readOnly.record(ShelfViewModel.Event.add("Dune"), from: "Shelf")
        store.readOnly.record(Opaque.poke, from: "Other")
        #expect(store.timeline.entries.map(\.cause) == [
            .event(#"add("Dune")"#, screen: "Shelf", json: #"{"add":{"_0":"Dune"}}"#),
            .event("poke", screen: "Other", json: nil),
        ])
    }

    @Test("an exported record replays: the same updates, in the same order, across a suspension")
    func replaysGreen() async throws {
        let record = await recordedSession()
        #expect(record.entries.count == 7)  // 3 events, 4 updates
        let json = String(decoding: record.json(), as: UTF8.self)
        let app = App()
        let screen = ShelfViewModel(app)
        try await TimelineReplay(json: json).run(on: app.store.readOnly, timeout: .seconds(5)) { event in
            screen.send(try event.decoded())
        }
        #expect(app.store.state == Shelf(books: ["Dune", "Emma"], loaded: .loaded(1)))
    }

    @Test("a usecase that changed makes the replay fail at the first entry that differs, with both")
    func namesTheFirstDifference() async throws {
        let record = await recordedSession()
        let failure = await #expect(throws: ReplayFailure.self) { try await replay(record, broken: true) }
        guard case let .differs(entry, recorded, replayed?) = failure else {
            Issue.record("expected a difference, got \(String(describing: failure))")
            return
        }
        #expect(entry == 2)
        #expect(recorded.changes == [StateChange(path: "books[0]", old: nil, new: #""Dune""#)])
        #expect(replayed.changes == [StateChange(path: "books[0]", old: nil, new: #""DUNE""#)])
        let text = failure?.description ?? ""
        #expect(text.contains("Entry 2 differs"))
        #expect(text.contains(#"recorded: add(_:)"#) && text.contains(#""Dune""#) && text.contains(#""DUNE""#))
    }

    @Test("an update the replay never makes is named, after the timeout")
    func missingUpdate() async throws {
        var record = await recordedSession()
        // A recorded update no event leads to: the replay waits for it, then says so.
        let last = try #require(record.entries.last)
        record.entries.append(TimelineEntry(
            id: last.id + 1, cause: .update(usecase: "sync()", file: "App/Sync.swift"), date: last.date, duration: .zero,
            changes: [StateChange(path: "books[2]", old: nil, new: #""Ubik""#)]))
        let app = App()
        let screen = ShelfViewModel(app)
        let failure = await #expect(throws: ReplayFailure.self) {
            try await TimelineReplay(record).run(on: app.store.readOnly, timeout: .milliseconds(200)) { screen.send(try $0.decoded()) }
        }
        guard case let .differs(entry, _, nil) = failure else {
            Issue.record("expected a missing update, got \(String(describing: failure))")
            return
        }
        #expect(entry == last.id + 1)
        #expect(failure?.description.contains("was not replayed") == true)
    }

    @Test("an update the record does not have is named")
    func unrecordedUpdate() async throws {
        var record = await recordedSession()
        record.entries.removeLast()  // the last update, adding "Emma"
        let failure = await #expect(throws: ReplayFailure.self) { try await replay(record) }
        guard case let .unrecorded(extra, after) = failure else {
            Issue.record("expected an unrecorded update, got \(String(describing: failure))")
            return
        }
        #expect(after == 5)
        #expect(extra.changes == [StateChange(path: "books[1]", old: nil, new: #""Emma""#)])
    }

    @Test("an event without JSON, for an unknown screen, or not of its screen is refused with its entry")
    func refusedEvents() async throws {
        let store = MutableStore(Shelf(), timeline: 10)
        store.readOnly.record(Opaque.poke, from: "Other")
        await #expect(throws: ReplayFailure.notReplayable(entry: 1, event: "Other sent poke")) {
            try await replay(store.timeline)
        }

        let other = MutableStore(Shelf(), timeline: 10)
        other.readOnly.record(ShelfViewModel.Event.load, from: "Elsewhere")
        await #expect(throws: ReplayFailure.unknownScreen(entry: 1, screen: "Elsewhere")) { try await replay(other.timeline) }

        let wrong = MutableStore(Shelf(), timeline: 10)
        wrong.readOnly.record(["not": "an event"], from: "Shelf")
        let failure = await #expect(throws: ReplayFailure.self) { try await replay(wrong.timeline) }
        guard case .undecodable(entry: 1, screen: "Shelf", _) = failure else {
            Issue.record("expected an undecodable event, got \(String(describing: failure))")
            return
        }
    }

    @Test("a record cut at its start, with a gap, rewound, or not a timeline is refused before it runs")
    func incompleteRecords() async throws {
        let app = App(timeline: 3)
        let screen = ShelfViewModel(app)
        for title in ["A", "B", "C"] { screen.send(.add(title)) }
        #expect(throws: ReplayFailure.self) { try TimelineReplay(app.store.timeline) }

        let rewound = App()
        let shelf = ShelfViewModel(rewound)
        for title in ["A", "B", "C"] { shelf.send(.add(title)) }
        rewound.store.rewind(to: 2)
        #expect(throws: ReplayFailure.incomplete("the state was rewound to entry 2: move it to the latest before exporting")) {
            try TimelineReplay(rewound.store.timeline)
        }
        shelf.send(.add("D"))  // drops entries 3–6
        let failure = #expect(throws: ReplayFailure.self) { try TimelineReplay(rewound.store.timeline) }
        #expect(failure?.description.contains("entries 3–6 are missing") == true)

        #expect(throws: ReplayFailure.self) { try TimelineReplay(json: "{\"entries\": 3}") }
    }

    @Test("a record made with the real clock replays with the recorded times; with another clock it fails where the time was written")
    func recordedTimes() async throws {
        let app = App()
        let screen = ShelfViewModel(app)
        screen.send(.check)
        screen.send(.add("Dune"))
        screen.send(.check)
        let record = app.store.timeline
        let answers = record.entries.filter { if case .answer = $0.cause { true } else { false } }
        #expect(answers.map(\.id) == [2, 7])
        #expect(answers.first?.title.hasPrefix("now() answered ") == true)

        let replay = try TimelineReplay(record)
        let again = App(now: replay.answers(of: "now()", otherwise: { Date(timeIntervalSince1970: 0) }))
        let replayed = ShelfViewModel(again)
        try await replay.run(on: again.store.readOnly, timeout: .seconds(5)) { replayed.send(try $0.decoded()) }
        #expect(again.store.state.checkedAt == app.store.state.checkedAt)

        let fixed = App(now: { Date(timeIntervalSince1970: 0) })
        let other = ShelfViewModel(fixed)
        let failure = await #expect(throws: ReplayFailure.self) {
            try await replay.run(on: fixed.store.readOnly, timeout: .seconds(5)) { other.send(try $0.decoded()) }
        }
        guard case .differs(entry: 3, _, _) = failure else {
            Issue.record("expected the first check to differ, got \(String(describing: failure))")
            return
        }
    }

    @Test("answers past the recorded ones, or that do not decode, are the fallback's; a store without a timeline records none")
    func answersRunOut() throws {
        let unrecorded = MutableStore(Shelf())
        let clock = unrecorded.recording("now()") { Date(timeIntervalSince1970: 1) }
        #expect(clock() == Date(timeIntervalSince1970: 1))
        #expect(unrecorded.timeline.entries.isEmpty)

        let store = MutableStore(Shelf(), timeline: 10)
        let count = store.recording("count") { 7 }
        let name = store.recording("name") { "Dune" }
        _ = (count(), name())
        let replay = try TimelineReplay(store.timeline)
        let counts: @Sendable () -> Int = replay.answers(of: "count", otherwise: { -1 })
        #expect(counts() == 7)
        #expect(counts() == -1)
        let names: @Sendable () -> Int = replay.answers(of: "name", otherwise: { -2 })
        #expect(names() == -2)
    }

    @Test("a screen named <screen> in <scene> is read as both; a screen named without a scene as a screen alone")
    func screenNames() async throws {
        let store = MutableStore(Shelf(), timeline: 10)
        store.readOnly.record(ShelfViewModel.Event.load, from: "Country details KOR in tab-1f2e3d4c")
        store.readOnly.record(ShelfViewModel.Event.load, from: "Settings")
        var seen: [String] = []
        try await TimelineReplay(store.timeline).run(on: MutableStore(Shelf(), timeline: 10).readOnly) { event in
            seen.append("\(event.screenName) | \(event.scene ?? "none")")
        }
        #expect(seen == ["Country details KOR | tab-1f2e3d4c", "Settings | none"])
    }

    @Test("a store without a timeline, or with too short a one, is said to be unfit, not different")
    func unfitStores() async throws {
        let record = await recordedSession()
        let app = App(timeline: nil)
        let screen = ShelfViewModel(app)
        await #expect(throws: ReplayFailure.unfitStore("it keeps no timeline: make it with MutableStore(_:timeline:)")) {
            try await TimelineReplay(record).run(on: app.store.readOnly, timeout: .seconds(5)) { screen.send(try $0.decoded()) }
        }
        let short = App(timeline: 3)
        let other = ShelfViewModel(short)
        let failure = await #expect(throws: ReplayFailure.self) {
            try await TimelineReplay(record).run(on: short.store.readOnly, timeout: .seconds(5)) { other.send(try $0.decoded()) }
        }
        #expect(failure?.description.contains("keep at least 7") == true)
    }

    @Test("a usecase moved to another file makes the same updates: the replay compares its name and its changes, not its file")
    func movedUsecase() async throws {
        var record = await recordedSession()
        record.entries = record.entries.map { entry in
            guard case let .update(usecase, _) = entry.cause else { return entry }
            return TimelineEntry(id: entry.id, cause: .update(usecase: usecase, file: "Elsewhere/Moved.swift"), date: entry.date,
                                 duration: entry.duration, changes: entry.changes)
        }
        try await replay(record)
    }

    @Test("an event without JSON is written as before events carried it, and such a file still reads")
    func olderExports() throws {
        let entry = TimelineEntry(id: 1, cause: .event("load", screen: "Shelf"), date: Date(timeIntervalSince1970: 0), duration: .zero, changes: [])
        let json = String(decoding: Timeline(entries: [entry]).json(), as: UTF8.self)
        #expect(!json.contains("\"json\""))
        #expect(try TimelineReplay(json: json).record.entries == [entry])
    }
}
