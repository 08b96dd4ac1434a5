import Keel
import KeelTesting
import Observation
import Synchronization
import Testing

@Suite("Store + Observation: slices invalidate only their readers", .timeLimit(.minutes(1)))
struct StoreObservationTests {
    @Test("a slice reader is invalidated when its slice changes, and only then")
    func invalidatedOnlyByItsSlice() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let region = ObservationCounter { _ = appState.read { $0.settings.showsRegion } }
        let item = ObservationCounter { _ = appState.read { $0.items[2] } }

        store.update { $0.title = "Changed" }
        store.update(at: { $0.items[3] }) { $0.score = 30 }
        store.update { $0.settings.language = "ko" }
        #expect(region.count == 0)
        #expect(item.count == 0)

        store.update { $0.settings.showsRegion = false }
        #expect(region.count == 1)
        #expect(item.count == 0)

        store.update(at: { $0.items[2].score }) { $0 += 1 }
        #expect(item.count == 1)
        #expect(region.count == 1)
    }

    @Test("an update that leaves a slice equal does not invalidate its reader")
    func equalValueDoesNotInvalidate() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let counter = ObservationCounter { _ = appState.read { $0.settings } }
        store.update { $0.settings.showsRegion = true }
        store.update(at: { $0.settings }) { $0 = SampleState.Settings() }
        store.update { state in
            state.settings.language = "fr"
            state.settings.language = "en"
        }
        #expect(counter.count == 0)
    }

    @Test("a bulk update that changes several fields of a slice invalidates it once")
    func bulkUpdateInvalidatesOnce() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let counter = ObservationCounter { _ = appState.read { $0.settings } }
        store.update { state in
            state.settings.showsRegion = false
            state.settings.language = "de"
            state.title = "x"
        }
        #expect(counter.count == 1)
    }

    @Test("reading the whole state depends on everything")
    func wholeStateReaderSeesEveryChange() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let counter = ObservationCounter { _ = appState.state }
        store.update { $0.title = "a" }
        store.update(at: { $0.items[4].name }) { $0 = "renamed" }
        store.update(at: { $0.scores["KOR"] }) { $0 = 9 }
        #expect(counter.count == 3)
        #expect(appState.state.items[4].name == "renamed")
    }

    @Test("a reader of a parent slice is invalidated by a change below it")
    func parentReaderSeesChildChange() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let list = ObservationCounter { _ = appState.read { $0.items } }
        let row = ObservationCounter { _ = appState.read { $0.items[1] } }
        let otherRow = ObservationCounter { _ = appState.read { $0.items[0] } }
        store.update(at: { $0.items[1].tags }) { $0.append("new") }
        #expect(list.count == 1)
        #expect(row.count == 1)
        #expect(otherRow.count == 0)
    }

    @Test("a reader of a child slice is invalidated when its parent is replaced")
    func childReaderSeesParentReplacement() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let changed = ObservationCounter { _ = appState.read { $0.items[1].name } }
        let unchanged = ObservationCounter { _ = appState.read { $0.items[0].name } }
        store.update(at: { $0.items }) { items in
            items[1].name = "replaced"
        }
        store.update(at: { $0.items[1] }) { $0.score = 100 }
        #expect(changed.count == 1)
        #expect(unchanged.count == 0)
        #expect(appState.read { $0.items[1].name } == "replaced")
    }

    @Test("a removed element that was read counts as changed, and the store goes on comparing the rest")
    func removedElement() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        // A row that showed the last item, and the name in it, tracked once
        // (as a view is until its next render: it must not read a row that is gone).
        let row = Fired(), name = Fired()
        withObservationTracking { _ = appState.read { $0.items[4] } } onChange: { row.fire() }
        withObservationTracking { _ = appState.read { $0.items[4].name } } onChange: { name.fire() }
        let first = ObservationCounter { _ = appState.read { $0.items[0] } }

        store.update { $0.items.removeLast() }
        #expect(row.hasFired)
        #expect(name.hasFired)
        #expect(first.count == 0)

        // Updates of the list and of another element, with the element still
        // gone, compare the missing slice without reading it.
        store.update(at: { $0.items }) { $0.removeAll { $0.score == 3 } }
        store.update(at: { $0.items[0].name }) { $0 = "first" }
        #expect(first.count == 1)
        #expect(appState.state.items.count == 3)

        // A slice missing from both states compares equal (an update of the
        // whole state visits it); elements back at the position can be read.
        store.update { $0.items[1].name = "second" }
        store.update { $0.items.append(contentsOf: (3..<5).map { SampleState.Item(name: "new \($0)", score: $0) }) }
        #expect(first.count == 1)
        #expect(appState.read { $0.items[4].name } == "new 4")
    }

    @Test("dictionary values are separate slices")
    func dictionaryValuesAreSeparate() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let korea = ObservationCounter { _ = appState.read { $0.scores["KOR"] } }
        let france = ObservationCounter { _ = appState.read { $0.scores["FRA"] } }
        let missing = ObservationCounter { _ = appState.read { $0.scores["JPN"] } }
        store.update(at: { $0.scores["KOR"] }) { $0 = 10 }
        store.update(at: { $0.scores["JPN"] }) { $0 = 3 }
        #expect(korea.count == 1)
        #expect(france.count == 0)
        #expect(missing.count == 1)
        #expect(appState.read { $0.scores["JPN"] } == 3)
    }

    @Test("elements at near and far positions, and Int dictionary keys, are separate slices")
    func nearAndFarPositions() {
        struct Wide: Equatable, Sendable {
            var items = Array(repeating: 0, count: 5_000)
            var byID: [Int: String] = [7: "seven", 1_000_000_000: "far"]
        }
        let store = MutableStore(Wide())
        let state = store.readOnly
        // Position 3 is indexed in a table; 4,999 is past its first limit.
        let near = ObservationCounter { _ = state.read { $0.items[3] } }
        let far = ObservationCounter { _ = state.read { $0.items[4_999] } }
        let neighbour = ObservationCounter { _ = state.read { $0.items[4_998] } }
        let smallKey = ObservationCounter { _ = state.read { $0.byID[7] } }
        let hugeKey = ObservationCounter { _ = state.read { $0.byID[1_000_000_000] } }

        store.update(at: { $0.items[4_999] }) { $0 = 1 }
        store.update(at: { $0.items[3] }) { $0 = 1 }
        store.update(at: { $0.byID[1_000_000_000] }) { $0 = "changed" }
        #expect(near.count == 1)
        #expect(far.count == 1)
        #expect(neighbour.count == 0)
        #expect(smallKey.count == 0)
        #expect(hugeKey.count == 1)
        #expect(state.read { $0.items[4_999] } == 1)
        #expect(state.read { $0.byID[1_000_000_000] } == "changed")

        // A second reader of a position shares its slice.
        let again = ObservationCounter { _ = state.read { $0.items[3] } }
        store.update(at: { $0.items[3] }) { $0 = 2 }
        #expect(again.count == 1)
        #expect(near.count == 2)
    }

    @Test("a computed property is invalidated by a change to what it reads")
    func computedPropertyFollowsItsSource() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let first = ObservationCounter { _ = appState.read { $0.firstItem } }
        let second = ObservationCounter { _ = appState.read { $0.items[1] } }
        store.update(at: { $0.items[0].score }) { $0 = 42 }
        #expect(first.count == 1)
        #expect(appState.read { $0.firstItem.score } == 42)

        // A write through the computed property reaches the stored items.
        let items = ObservationCounter { _ = appState.read { $0.items[0] } }
        store.update(at: { $0.firstItem.name }) { $0 = "via computed" }
        #expect(items.count == 1)
        #expect(second.count == 0)
        #expect(appState.read { $0.items[0].name } == "via computed")
    }

    @Test("a property observer's side effects reach the readers of what it writes")
    func propertyObserverSideEffects() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let title = ObservationCounter { _ = appState.read { $0.title } }
        store.update(at: { $0.mirrored }) { $0 = 7 }
        #expect(title.count == 1)
        #expect(appState.read { $0.title } == "mirrored 7")
    }

    @Test("a slice below a value that is not Equatable is still told apart")
    func nonEquatableIntermediate() {
        let store = MutableStore(SampleState())
        let appState = store.readOnly
        let flag = ObservationCounter { _ = appState.read { $0.nonEquatable.flag } }
        store.update { $0.title = "unrelated" }
        #expect(flag.count == 0)
        store.update { $0.nonEquatable.flag = true }
        #expect(flag.count == 1)
    }
}

/// Whether a change handler ran; handlers run on the thread that makes the change.
private final class Fired: Sendable {
    private let fired = Atomic(false)

    var hasFired: Bool { fired.load(ordering: .acquiring) }

    func fire() { fired.store(true, ordering: .releasing) }
}
