import Keel
import KeelTesting
import Testing

@Suite("StateRecorder asserts the exact sequence of states", .timeLimit(.minutes(1)))
struct StateRecorderTests {
    struct Counter: Equatable, Sendable {
        var value = 0
        var label = "start"
    }

    @Test("matching changes pass, in steps")
    func matchingChanges() {
        let store = MutableStore(Counter())
        let recorder = StateRecorder(store.readOnly)
        store.update { $0.value = 1 }
        store.update { $0.label = "one" }
        recorder.expect({ $0.value = 1 }, { $0.label = "one" })
        store.update { $0.value = 2 }
        recorder.expect({ $0.value = 2 })
        #expect(recorder.baseline == Counter(value: 2, label: "one"))
        recorder.expectNoChanges()
    }

    @Test("an update that changes nothing records nothing")
    func noChangeNoState() {
        let store = MutableStore(Counter())
        let recorder = StateRecorder(store.readOnly)
        store.update { $0.value = 0 }
        recorder.expectNoChanges()
        #expect(recorder.states.isEmpty)
    }

    @Test("a wrong value fails with a difference naming the property")
    func wrongValueFails() {
        let store = MutableStore(Counter())
        let recorder = StateRecorder(store.readOnly)
        store.update { $0.value = 5 }
        withKnownIssue {
            recorder.expect({ $0.value = 6 })
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("State 1 of 1 differs from the expected state (expected → recorded)") && text.contains("value: 6 → 5")
        }
    }

    @Test("a missing or an extra state fails")
    func countMismatchFails() {
        let store = MutableStore(Counter())
        let recorder = StateRecorder(store.readOnly)
        store.update { $0.value = 1 }
        store.update { $0.value = 2 }
        withKnownIssue {
            recorder.expect({ $0.value = 1 })
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Expected 1 state(s), but the store went through 2")
        }
        store.update { $0.value = 3 }
        withKnownIssue {
            recorder.expect({ $0.value = 3 }, { $0.value = 4 })
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Expected 2 state(s), but the store went through 1")
        }
    }

    @Test("states from other threads are recorded in order")
    func concurrentUpdates() async {
        let store = MutableStore(Counter())
        let recorder = StateRecorder(store.readOnly)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<25 { store.update { $0.value += 1 } } }
            }
        }
        #expect(recorder.states.map(\.value) == Array(1...100))
    }
}
