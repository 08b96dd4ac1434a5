import Keel
import KeelTimeline
import Observation

/// Keel's store: slices read through the read-only face inside Observation
/// tracking, as SwiftUI reads them; S1 changes one slice with `update(at:)`.
class KeelDesign: Design {
    class var name: String { "Keel store" }


    let store: MutableStore<BenchState>
    private let reader: Store<BenchState>
    private let tracker = ObservationTracker()

    required init(state: BenchState) {
        store = Self.makeStore(state)
        reader = store.readOnly
    }

    /// The store the design measures.
    class func makeStore(_ state: BenchState) -> MutableStore<BenchState> { MutableStore(state) }

    func observeItem(_ index: Int) {
        track { [reader] in _ = reader.read { $0.items[index] } }
    }

    func observeField(_ index: Int) {
        let keyPath = BenchState.Fields.keyPath(index)
        track { [reader] in _ = reader.read { $0.fields[dynamicMember: keyPath] } }
    }

    private func track(_ read: @escaping () -> Void) {
        tracker.track(read)
    }

    func changeItem(_ index: Int) {
        store.update(at: { $0.items[index] }) { $0.score += 1 }
    }

    func changeFields(count: Int, to value: Int) {
        store.update { state in
            for index in 0..<count {
                state.fields[keyPath: BenchState.Fields.keyPath(index)] = value
            }
        }
    }

    func changeNothing() {
        store.update { state in
            state.fields.f0 = state.fields.f0
        }
    }

    func takeNotificationCount() -> Int {
        tracker.takeNotificationCount()
    }

    func rearm() {
        tracker.rearm()
    }
}

/// Keel's store with S1 written as a bulk `update { }` of the whole state,
/// to show what targeting one slice saves.
final class KeelBulkDesign: KeelDesign {
    override class var name: String { "Keel store, bulk update" }

    override func changeItem(_ index: Int) {
        store.update { $0.items[index].score += 1 }
    }
}

/// Keel's store with every slice read once outside Observation tracking:
/// the store keeps the same nodes and registrars, but no observer is
/// notified. Set against "Keel store", it separates the store's own cost
/// from the cost of Observation notifying the one observer.
final class KeelUntrackedDesign: KeelDesign {
    override class var name: String { "Keel store, slices read but not tracked" }

    override func observeItem(_ index: Int) {
        _ = store.readOnly.read { $0.items[index] }
    }

    override func observeField(_ index: Int) {
        let keyPath = BenchState.Fields.keyPath(index)
        _ = store.readOnly.read { $0.fields[dynamicMember: keyPath] }
    }
}

/// Keel's store keeping a timeline of its last 500 updates (a development
/// tool): set against "Keel store", what recording costs.
final class KeelTimelineDesign: KeelDesign {
    override class var name: String { "Keel store, timeline on" }

    override class func makeStore(_ state: BenchState) -> MutableStore<BenchState> { MutableStore(state, timeline: 500) }
}
