import Dispatch
import Keel
import Observation
import Testing

@MainActor
@Observable
final class ParentModel {
    var searchText = ""
    var unrelated = 0
}

/// A child view model that follows its parent's search text (article 003).
@MainActor
@Observable
final class SuggestionsModel {
    private(set) var items: [String] = []
    @ObservationIgnored private var task: Task<Void, Never>?

    init(following text: ObservedValues<String>) {
        task = Task { [weak self] in
            for await value in text {
                self?.items = ["Korea", "Kosovo", "France"].filter { $0.lowercased().hasPrefix(value) }
            }
        }
    }

    func stop() {
        task?.cancel()
    }
}

@Suite("ObservedValues follows @Observable state", .timeLimit(.minutes(1)))
@MainActor
struct ObservedValuesTests {
    @Test("the sequence starts with the current value and delivers each distinct change")
    func followsChanges() async {
        let parent = ParentModel()
        var iterator = ObservedValues { parent.searchText }.makeAsyncIterator()
        #expect(await iterator.next() == "")
        parent.searchText = "kor"
        #expect(await iterator.next() == "kor")
        parent.unrelated = 1
        parent.searchText = "kore"
        #expect(await iterator.next() == "kore")
    }

    @Test("a child view model fed by its parent's value at init reacts to it")
    func childFollowsParent() async {
        let parent = ParentModel()
        let child = SuggestionsModel(following: ObservedValues { parent.searchText })
        parent.searchText = "ko"
        var changes = ObservedValues { child.items }.makeAsyncIterator()
        while let items = await changes.next(), items != ["Korea", "Kosovo"] {}
        #expect(child.items == ["Korea", "Kosovo"])
        child.stop()
    }

    @Test("iteration ends when its task is cancelled")
    func endsOnCancel() async {
        let parent = ParentModel()
        let task = Task { @MainActor in
            var count = 0
            for await _ in ObservedValues({ parent.searchText }) { count += 1 }
            return count
        }
        await Task.yield()
        task.cancel()
        let count = await task.value
        #expect(count <= 1)
    }

    @Test("a store change made by another thread while the expression is read is delivered")
    func storeChangeDuringRead() async {
        struct Counter: Equatable, Sendable { var value = 0 }
        let store = MutableStore(Counter())
        let state = store.readOnly
        let race = FirstCall()
        let values = ObservedValues { () -> Int in
            let value = state.read { $0.value }
            if race.isFirst() {
                // Observation installs its observers only after this closure
                // returns: this change is announced to nobody.
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    store.update { $0.value = 1 }
                    done.signal()
                }
                done.wait()
            }
            return value
        }
        let received = Task { @MainActor in
            var received: [Int] = []
            for await value in values {
                received.append(value)
                if value == 1 { break }
            }
            return received
        }
        // Without the fix the second value never comes: give up after a while.
        let deadline = Task {
            try await Task.sleep(for: .seconds(5))
            received.cancel()
        }
        // The sequence keeps the newest value only: a slow consumer may see 1 alone.
        #expect(await received.value.last == 1, "the change made during the read was lost")
        deadline.cancel()
    }
}

/// Says yes once.
@MainActor
private final class FirstCall {
    private var called = false

    func isFirst() -> Bool {
        defer { called = true }
        return !called
    }
}
