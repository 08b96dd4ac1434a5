import Keel
import KeelTesting
import Synchronization
import Testing

/// A state whose screens keep their routes in optionals, as the apps' routing does.
private struct RoutedState: Equatable, Sendable {
    struct Route: Equatable, Sendable {
        var path: [Int] = []
        var probe = CountedValue()
        var sheet: String?
    }
    var routes: [String: Route] = ["a": Route(), "b": Route()]
    var current: Route?
}

/// A value that counts how often the store compares it.
private struct CountedValue: Equatable, Sendable {
    static let comparisons = Atomic(0)
    var mark = 0
    static func == (lhs: CountedValue, rhs: CountedValue) -> Bool {
        comparisons.add(1, ordering: .relaxed)
        return lhs.mark == rhs.mark
    }
}

@Suite("Store: a property of an optional is a stored path", .serialized, .timeLimit(.minutes(1)))
struct StoreOptionalPathTests {
    @Test("a write through a dictionary's value and an optional notifies its reader once and compares no sibling")
    func observedExactly() {
        let store = MutableStore(RoutedState())
        let appState = store.readOnly
        let path = ObservationCounter { _ = appState.read { $0.routes["a"].path } }
        let sibling = ObservationCounter { _ = appState.read { $0.routes["a"].probe } }
        let other = ObservationCounter { _ = appState.read { $0.routes["b"].path } }
        let before = CountedValue.comparisons.load(ordering: .relaxed)

        store.update(at: { $0.routes["a"].path }) { $0?.append(1) }

        #expect(path.count == 1)
        #expect(sibling.count == 0)
        #expect(other.count == 0)
        #expect(CountedValue.comparisons.load(ordering: .relaxed) == before, "no sibling compared")
        #expect(appState.read { $0.routes["a"].path } == [1])
    }

    @Test("removing a dictionary's value tells every reader below it, once, and no reader of another key")
    func removalTellsAllBelow() {
        let store = MutableStore(RoutedState())
        let appState = store.readOnly
        let route = ObservationCounter { _ = appState.read { $0.routes["a"] } }
        let path = ObservationCounter { _ = appState.read { $0.routes["a"].path } }
        let sheet = ObservationCounter { _ = appState.read { $0.routes["a"].sheet } }
        let other = ObservationCounter { _ = appState.read { $0.routes["b"].path } }

        store.update(at: { $0.routes["a"] }) { $0 = nil }

        #expect((route.count, path.count, sheet.count, other.count) == (1, 1, 1, 0))
        #expect(appState.read { $0.routes["a"].path } == nil)
        store.update(at: { $0.routes["a"] }) { $0 = RoutedState.Route(sheet: "flag") }
        #expect((route.count, path.count, sheet.count, other.count) == (2, 2, 2, 0), "coming back is a change")
        #expect(appState.read { $0.routes["a"].sheet } == "flag")
    }

    @Test("while the optional is nil, the path reads nil and writes do nothing, as with ?.")
    func missingWhileNil() {
        let store = MutableStore(RoutedState())
        let appState = store.readOnly
        let reader = ObservationCounter { _ = appState.read { $0.current.path } }
        #expect(appState.read { $0.current.path } == nil)

        store.update(at: { $0.current.path }) { $0 = [7] }
        #expect(store.state.current == nil)
        #expect(reader.count == 0)

        store.update { $0.current = RoutedState.Route(path: [1]) }
        #expect(reader.count == 1, "coming back is a change")
        #expect(appState.read { $0.current.path } == [1])

        store.update(at: { $0.current.path }) { $0 = nil }
        #expect(store.state.current?.path == [1], "a non-optional property cannot be set to nil")

        store.update { $0.current = nil }
        #expect(reader.count == 2, "going missing is a change")
    }

    @Test("an optional property below an optional is flattened, as ?. flattens it")
    func flattened() {
        let store = MutableStore(RoutedState())
        let appState = store.readOnly
        let sheet: String? = appState.read { $0.routes["a"].sheet }
        #expect(sheet == nil)
        let reader = ObservationCounter { _ = appState.read { $0.routes["a"].sheet } }
        let sibling = ObservationCounter { _ = appState.read { $0.routes["a"].path } }

        store.update(at: { $0.routes["a"].sheet }) { $0 = "flag" }
        #expect(appState.read { $0.routes["a"].sheet } == "flag")
        store.update(at: { $0.routes["a"].sheet }) { $0 = nil }
        #expect(store.state.routes["a"]?.sheet == nil)
        #expect(reader.count == 2)
        #expect(sibling.count == 0)

        store.update(at: { $0.routes["c"].sheet }) { $0 = "flag" }
        #expect(store.state.routes["c"] == nil, "nothing to write into")
    }

    @Test("a subscriber of the path follows the optional going and coming back")
    func subscribersFollow() async {
        let store = MutableStore(RoutedState())
        var values = store.readOnly.values { $0.routes["a"].path }.makeAsyncIterator()
        #expect(await values.next() == .some([]))
        store.update { $0.routes["a"] = nil }
        #expect(await values.next() == .some(nil))
        store.update { $0.routes["a"] = RoutedState.Route(path: [2]) }
        #expect(await values.next() == .some([2]))
    }
}
