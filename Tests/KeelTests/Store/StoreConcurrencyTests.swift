import Keel
import KeelTesting
import Observation
import Testing

@Suite("Store under concurrency", .timeLimit(.minutes(1)))
struct StoreConcurrencyTests {
    @Test("concurrent updates from many tasks are all applied")
    func concurrentUpdates() async {
        var initial = SampleState()
        initial.items = (0..<8).map { .init(name: "\($0)", score: 0) }
        let store = MutableStore(initial)
        let appState = store.readOnly
        let perTask = 250
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for _ in 0..<perTask {
                        store.update(at: { $0.items[index].score }) { $0 += 1 }
                        store.update { $0.settings.language = "task \(index)" }
                        _ = appState.read { $0.items[(index + 1) % 8] }
                    }
                }
            }
            group.addTask {
                var iterator = appState.values { $0.items[0].score }.makeAsyncIterator()
                while let score = await iterator.next(), score < perTask {}
            }
        }
        #expect(store.state.items.allSatisfy { $0.score == perTask })
    }

    @Test("a reader on another task follows its slice to the last value, in order")
    func valuesAcrossTasks() async {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let started = AsyncStream<Void>.makeStream()
        let reader = Task {
            var seen: [Int] = []
            for await score in appState.values({ $0.items[3].score }) {
                seen.append(score)
                if seen.count == 1 { started.continuation.yield() }
                if score == 203 { break }
            }
            return seen
        }
        var signal = started.stream.makeAsyncIterator()
        await signal.next()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<50 {
                        store.update(at: { $0.items[3].score }) { $0 += 1 }
                        store.update(at: { $0.items[2].score }) { $0 += 1 }
                    }
                }
            }
        }
        let seen = await reader.value
        #expect(seen.first == 3)
        #expect(seen.last == 203)
        #expect(seen == seen.sorted())
        #expect(Set(seen).count == seen.count)
    }

    @Test("Observation tracking fires when updates race on other threads, at most once per thread")
    func observationAcrossThreads() async {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let fired = AsyncStream<Void>.makeStream()
        withObservationTracking {
            _ = appState.read { $0.items[3].score }
        } onChange: {
            fired.continuation.yield()
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<50 {
                        store.update(at: { $0.items[3].score }) { $0 += 1 }
                        store.update(at: { $0.items[2].score }) { $0 += 1 }
                    }
                }
            }
        }
        fired.continuation.finish()
        var count = 0
        for await _ in fired.stream { count += 1 }
        // Observation runs a scope's handler from every announcement that
        // reached it before the handler cancelled the scope: updates racing
        // on several threads may each run it once, never more (each thread's
        // later updates find the scope cancelled).
        #expect((1...4).contains(count))
        #expect(store.state.items[3].score == 203)
        #expect(store.state.items[2].score == 202)
    }
}
