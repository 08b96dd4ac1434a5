import Keel
import Testing

/// What a store's tap is told of each change: where it wrote, as a person writes it.
@Suite("A store's tap: the paths of changes", .timeLimit(.minutes(1)))
struct StoreTapTests {
    struct State: Equatable, Sendable {
        enum Shelf: Hashable, Sendable { case top, bottom }
        var items = SampleState().items
        var scores = ["KOR": 1, "FRA": 2]
        var byYear = [2024: "a", 2025: "b"]
        var shelves: [Shelf: [String]] = [.top: ["Dune"]]
        var settings = SampleState.Settings()
    }

    /// Collects the paths of the changes it is told of.
    final class Paths: StoreTap, Sendable {
        let paths = Locked<[String]>([])
        func record(_ change: StoreChange<State>) { paths.withLock { $0.append(change.path) } }
        func record(event: any Sendable, from screen: String) {}
    }

    @Test("an element, a property, and dictionary values keyed by text, number and any other key read as written")
    func paths() {
        let tap = Paths()
        let store = MutableStore(State(), tap: tap)
        store.update(at: { $0.items[3].score }) { $0 = 30 }
        store.update(at: { $0.settings.language }) { $0 = "ko" }
        store.update(at: { $0.scores["KOR"] }) { $0 = 7 }
        store.update(at: { $0.scores["FRA"] }) { $0 = nil }
        store.update(at: { $0.byYear[2025] }) { $0 = "c" }
        store.update(at: { $0.shelves[.bottom] }) { $0 = ["Emma"] }
        #expect(tap.paths.withLock { $0 } == [
            "items[3].score", "settings.language", #"scores["KOR"]"#, #"scores["FRA"]"#, "byYear[2025]", "shelves[bottom]",
        ])
        #expect(store.state.scores == ["KOR": 7])
        #expect(store.state.shelves[.bottom] == ["Emma"])
    }

    @Test("two text keys are two slices, and a text key is not the number it spells")
    func textKeys() async {
        let store = MutableStore(State())
        let korea = store.readOnly.values { $0.scores["KOR"] }
        var changes = korea.makeAsyncIterator()
        #expect(await changes.next() == 1)
        store.update(at: { $0.scores["FRA"] }) { $0 = 5 }
        store.update(at: { $0.byYear[2024] }) { $0 = "z" }
        store.update(at: { $0.scores["KOR"] }) { $0 = 9 }
        #expect(await changes.next() == 9, "the writes to FRA and to 2024 did not reach KOR's observer")
    }
}
