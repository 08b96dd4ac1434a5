import Observation

/// A plain `@Observable` class holding the whole state struct in one property.
final class ObservableHolderDesign: Design {
    static let name = "@Observable holder of the whole state"

    @Observable
    final class Holder {
        var state: BenchState
        init(state: BenchState) { self.state = state }
    }

    private let holder: Holder
    private let tracker = ObservationTracker()

    init(state: BenchState) {
        holder = Holder(state: state)
    }

    func observeItem(_ index: Int) {
        track { [holder] in _ = holder.state.items[index] }
    }

    func observeField(_ index: Int) {
        let keyPath = BenchState.Fields.keyPath(index)
        track { [holder] in _ = holder.state.fields[keyPath: keyPath] }
    }

    private func track(_ read: @escaping () -> Void) {
        tracker.track(read)
    }

    func changeItem(_ index: Int) {
        holder.state.items[index].score += 1
    }

    func changeFields(count: Int, to value: Int) {
        var state = holder.state
        for index in 0..<count {
            state.fields[keyPath: BenchState.Fields.keyPath(index)] = value
        }
        holder.state = state
    }

    func changeNothing() {
        holder.state = holder.state
    }

    func takeNotificationCount() -> Int {
        tracker.takeNotificationCount()
    }

    func rearm() {
        tracker.rearm()
    }
}

/// One `@Observable` object per item and one for the fields: the practical
/// floor for exactly-affected notification, at the price of giving up a
/// single state value.
final class PerItemObservableDesign: Design {
    static let name = "@Observable object per item (floor)"

    @Observable
    final class Item {
        var name: String
        var score: Int
        init(_ item: BenchState.Item) { name = item.name; score = item.score }
    }

    @Observable
    final class Fields {
        var values: [Int] = Array(repeating: 0, count: BenchState.Fields.count)
    }

    private let items: [Item]
    private let fieldObjects: [Fields]
    private let tracker = ObservationTracker()

    init(state: BenchState) {
        items = state.items.map(Item.init)
        // One object per field, so that a field observer sees only its field.
        fieldObjects = (0..<BenchState.Fields.count).map { _ in Fields() }
    }

    func observeItem(_ index: Int) {
        let item = items[index]
        track { _ = item.name; _ = item.score }
    }

    func observeField(_ index: Int) {
        let object = fieldObjects[index]
        track { _ = object.values[index] }
    }

    private func track(_ read: @escaping () -> Void) {
        tracker.track(read)
    }

    func changeItem(_ index: Int) {
        items[index].score += 1
    }

    func changeFields(count: Int, to value: Int) {
        for index in 0..<count where fieldObjects[index].values[index] != value {
            fieldObjects[index].values[index] = value
        }
    }

    func changeNothing() {}

    func takeNotificationCount() -> Int {
        tracker.takeNotificationCount()
    }

    func rearm() {
        tracker.rearm()
    }
}
