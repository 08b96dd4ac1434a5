import Keel
import KeelTesting
import Testing

@Suite("MutableStore updates", .timeLimit(.minutes(1)))
struct StoreUpdateTests {
    struct Refusal: Error, Equatable {
        var reason = "refused"
    }

    @Test("update returns what its body returns, and writes the state")
    func updateWritesAndReturns() {
        let store = MutableStore(SampleState())
        let count = store.update { state -> Int in
            state.items.append(.init(name: "new", score: 9))
            return state.items.count
        }
        #expect(count == 6)
        #expect(store.state.items.last?.name == "new")
        let old = store.update(at: { $0.title }) { title -> String in
            defer { title = "New title" }
            return title
        }
        #expect(old == "Countries")
        #expect(store.readOnly.read { $0.title } == "New title")
    }

    @Test("a throwing update leaves the state as it was and notifies nobody")
    func throwingUpdateIsAtomic() throws {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let counter = ObservationCounter { _ = appState.state }
        #expect(throws: Refusal.self) {
            try store.update { state in
                state.title = "half-done"
                throw Refusal()
            }
        }
        #expect(throws: Refusal.self) {
            try store.update(at: { $0.items[0] }) { item in
                item.score = 1000
                throw Refusal()
            }
        }
        #expect(store.state == SampleState())
        #expect(counter.count == 0)
    }

    @Test("typed throws pass through update unchanged")
    func typedThrows() {
        let store = MutableStore(SampleState())
        let before = store.state
        // The error comes out as the closure's own type, with its value: a
        // `Result` of that type only compiles if `update` rethrows it typed.
        let result = Result { () throws(Refusal) in
            try store.update { (state: inout SampleState) throws(Refusal) -> Int in
                state.title = "changed"
                throw Refusal(reason: "not now")
            }
        }
        #expect(result == .failure(Refusal(reason: "not now")))
        #expect(store.state == before)
    }

    @Test("the read-only face reads what the owner wrote")
    func readOnlyFaceSeesWrites() {
        let store = MutableStore(SampleState())
        let appState: Store<SampleState> = store.readOnly
        store.update(at: { $0.items[2].name }) { $0 = "two" }
        #expect(appState.read { $0.items[2].name } == "two")
        #expect(appState.state.items[2].name == "two")
    }

    @Test("the owner reads one slice, and a reader of it is told of that slice's changes only")
    func ownerReadsASlice() {
        let store = MutableStore(SampleState())
        let counter = ObservationCounter { _ = store.read { $0.items[2].name } }
        store.update(at: { $0.title }) { $0 = "Another title" }
        #expect(counter.count == 0)
        store.update(at: { $0.items[2].name }) { $0 = "two" }
        #expect(store.read { $0.items[2].name } == "two")
        #expect(counter.count == 1)
    }

    @Test("every update is notified exactly once to each affected reader across many slices")
    func exactlyAffectedAcrossManySlices() {
        let count = 200
        var state = SampleState()
        state.items = (0..<count).map { .init(name: "\($0)", score: $0) }
        let store = MutableStore(state)
        let appState = store.readOnly
        let counters = (0..<count).map { index in ObservationCounter { _ = appState.read { $0.items[index] } } }
        for index in stride(from: 0, to: count, by: 3) {
            store.update(at: { $0.items[index].score }) { $0 += 1 }
        }
        for (index, counter) in counters.enumerated() {
            #expect(counter.count == (index % 3 == 0 ? 1 : 0), "item \(index)")
        }
    }
}
