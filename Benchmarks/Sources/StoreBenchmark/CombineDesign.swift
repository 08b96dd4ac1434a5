import OpenCombine

/// The design of articles 000 and 001, rebuilt on OpenCombine: the state in a
/// `CurrentValueSubject`, each observer a `map(keyPath)` + `removeDuplicates()` + `sink`.
final class CombineDesign: Design {
    static let name = "OpenCombine subject + map + removeDuplicates"

    private let subject: CurrentValueSubject<BenchState, Never>
    private var subscriptions: [AnyCancellable] = []
    private var notifications = 0

    init(state: BenchState) {
        subject = CurrentValueSubject(state)
    }

    func observeItem(_ index: Int) {
        observe(\BenchState.items[index])
    }

    func observeField(_ index: Int) {
        observe((\BenchState.fields).appending(path: BenchState.Fields.keyPath(index)))
    }

    private func observe<Slice: Equatable>(_ keyPath: KeyPath<BenchState, Slice>) {
        subject.map(keyPath).removeDuplicates().dropFirst()
            .sink { [unowned self] _ in notifications += 1 }
            .store(in: &subscriptions)
    }

    func changeItem(_ index: Int) {
        subject.value.items[index].score += 1
    }

    func changeFields(count: Int, to value: Int) {
        var state = subject.value
        for index in 0..<count {
            state.fields[keyPath: BenchState.Fields.keyPath(index)] = value
        }
        subject.value = state
    }

    func changeNothing() {
        subject.value = subject.value
    }

    func takeNotificationCount() -> Int {
        defer { notifications = 0 }
        return notifications
    }

    func rearm() {}
}
