import Foundation
@_spi(Testing) import Keel
import Observation
import Testing

/// The state the model test drives: every kind of step a path can take.
struct ModelState: Equatable, Sendable {
    struct Item: Equatable, Sendable {
        var score: Int
        var tags: [Int] = []
    }

    struct Scene: Equatable, Sendable {
        var path: [Int] = []
        var sheet: Int?
    }

    var title = 0
    var flag = false
    var items: [Item] = [Item(score: 1), Item(score: 2)]
    var scenes: [Int: Scene] = [:]
    var pick: Item?
    var list: Loadable<[Int]> = .notRequested

    /// A computed property that other slices make, and whose setter writes another one.
    var total: Int {
        get { items.reduce(0) { $0 + $1.score } }
        set { title = newValue }
    }
}

extension Optional where Wrapped == ModelState.Scene {
    /// A scene's path, empty when there is no scene, and made by a write: a computed step.
    var pathOrEmpty: [Int] {
        get { self?.path ?? [] }
        set {
            var scene = self ?? ModelState.Scene()
            scene.path = newValue
            self = scene
        }
    }
}

/// A second store, obviously correct: it keeps the state, recomputes every
/// observed slice after every update, and says which observers to notify
/// and which slices the real store still needs.
struct StoreModel {
    /// How Observation may be following a slice (the rule of the real store).
    enum Watch { case none, read, announced }

    var state = ModelState()
    var watch: [Int: Watch] = [:]
    var subscriptions: [Int: Int] = [:]

    /// The probes among `probes` whose slices differ between `old` and `new`.
    static func changes(from old: ModelState, to new: ModelState, among probes: Set<Int>) -> Set<Int> {
        probes.filter { Probe.all[$0].differs(old, new) }
    }

    /// Applies the real store's rule to the probes that changed.
    mutating func settle(_ changed: Set<Int>) {
        for index in changed {
            switch watch[index] ?? .none {
            case .read: watch[index] = Probe.all[index].isPresent(state) ? .announced : Watch.none
            case .announced: watch[index] = Watch.none
            case .none: break
            }
        }
    }

    /// The slices the real store must hold: those read or observed, their
    /// ancestors, and the whole state.
    var neededNodes: Int {
        var nodes: Set<String> = [""]
        for index in Probe.all.indices where (watch[index] ?? .none) != .none || (subscriptions[index] ?? 0) > 0 {
            nodes.formUnion(Probe.all[index].prefixes)
        }
        return nodes.count
    }
}

/// A slice the test reads and observes: its path in the real store, and its
/// value in the model.
struct Probe: Sendable {
    let name: String
    /// The names of the nodes from the state to the slice (`items`, `items[1]`, …).
    let prefixes: [String]
    /// Whether the slice is in a state (elements past the end, absent keys and
    /// values below a `nil` are missing).
    let isPresent: @Sendable (ModelState) -> Bool
    /// The slice's value as a reader sees it; `nil` when reading would trap.
    let readValue: @Sendable (ModelState) -> AnyEquatable?
    /// Reads the slice from the real store (inside Observation tracking when asked).
    let read: @Sendable (Store<ModelState>) -> AnyEquatable
    /// Subscribes to the slice in the real store.
    let subscribe: @Sendable (Store<ModelState>, @escaping @Sendable (AnyEquatable) -> Void) -> StoreSubscription

    func differs(_ old: ModelState, _ new: ModelState) -> Bool {
        let (wasPresent, isPresent) = (self.isPresent(old), self.isPresent(new))
        guard wasPresent, isPresent else { return wasPresent != isPresent }
        return readValue(old) != readValue(new)
    }

    init<Slice: Equatable & Sendable>(
        _ name: String, _ prefixes: [String],
        path: @escaping @Sendable (StatePath<ModelState, ModelState>) -> StatePath<ModelState, Slice>,
        present: @escaping @Sendable (ModelState) -> Bool = { _ in true },
        readable: @escaping @Sendable (ModelState) -> Bool = { _ in true },
        value: @escaping @Sendable (ModelState) -> Slice
    ) {
        self.name = name
        self.prefixes = prefixes
        isPresent = present
        readValue = { readable($0) ? AnyEquatable(value($0)) : nil }
        read = { AnyEquatable($0.read(path)) }
        subscribe = { store, receive in store.subscribe(at: path) { receive(AnyEquatable($0)) } }
    }

    static let all: [Probe] = {
        var probes: [Probe] = [
            Probe("state", [], path: { $0 }, value: { $0 }),
            Probe("title", ["title"], path: { $0.title }, value: { $0.title }),
            Probe("flag", ["flag"], path: { $0.flag }, value: { $0.flag }),
            Probe("items", ["items"], path: { $0.items }, value: { $0.items }),
            Probe("total", ["total"], path: { $0.total }, value: { $0.total }),
            Probe("pick", ["pick"], path: { $0.pick }, value: { $0.pick }),
            Probe("pick.score", ["pick", "pick.score"], path: { $0.pick.score }, present: { $0.pick != nil },
                  value: { $0.pick?.score }),
            Probe("list", ["list"], path: { $0.list }, value: { $0.list }),
            Probe("list.value", ["list", "list.value"], path: { $0.list.value }, value: { $0.list.value }),
        ]
        for index in 0..<4 {
            let item = "items[\(index)]"
            let has: @Sendable (ModelState) -> Bool = { $0.items.indices.contains(index) }
            probes += [
                Probe(item, ["items", item], path: { $0.items[index] }, present: has, readable: has,
                      value: { $0.items[index] }),
                Probe("\(item).score", ["items", item, "\(item).score"], path: { $0.items[index].score }, present: has,
                      readable: has, value: { $0.items[index].score }),
                Probe("\(item).tags", ["items", item, "\(item).tags"], path: { $0.items[index].tags }, present: has,
                      readable: has, value: { $0.items[index].tags }),
            ]
        }
        for key in 0..<3 {
            let scene = "scenes[\(key)]"
            let has: @Sendable (ModelState) -> Bool = { $0.scenes[key] != nil }
            probes += [
                Probe(scene, ["scenes", scene], path: { $0.scenes[key] }, present: has, value: { $0.scenes[key] }),
                Probe("\(scene).path", ["scenes", scene, "\(scene).path"], path: { $0.scenes[key].pathOrEmpty }, present: has,
                      value: { $0.scenes[key].pathOrEmpty }),
                Probe("\(scene).sheet", ["scenes", scene, "\(scene).sheet"], path: { $0.scenes[key].sheet }, present: has,
                      value: { $0.scenes[key]?.sheet }),
            ]
        }
        return probes
    }()
}

/// A value of any `Equatable` type, compared as that type.
struct AnyEquatable: Equatable, @unchecked Sendable, CustomStringConvertible {
    // @unchecked: it only ever holds the Sendable slices of ModelState.
    let base: Any
    private let equals: @Sendable (Any) -> Bool

    init<Value: Equatable & Sendable>(_ value: Value) {
        base = value
        equals = { ($0 as? Value) == value }
    }

    static func == (lhs: AnyEquatable, rhs: AnyEquatable) -> Bool { lhs.equals(rhs.base) }
    var description: String { String(describing: base) }
}

/// What an observer of the real store received, written from Observation's
/// change handlers and the store's subscriptions.
final class Received: @unchecked Sendable {
    // @unchecked: every property is read and written under `lock`.
    private let lock = NSLock()
    private var notifications = 0
    private var values: [AnyEquatable] = []

    func notify() { lock.withLock { notifications += 1 } }
    func receive(_ value: AnyEquatable) { lock.withLock { values.append(value) } }

    /// What arrived since the last call.
    func take() -> (notifications: Int, values: [AnyEquatable]) {
        lock.withLock {
            defer { (notifications, values) = (0, []) }
            return (notifications, values)
        }
    }
}

/// A small seeded generator (SplitMix64), so that a failing sequence can be run again.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D4_9BB1_3311_39EB
        return z ^ (z >> 31)
    }
}

/// One run of random steps against the real store and the model.
struct ModelRun {
    struct Tracker {
        let probe: Int
        let received = Received()
        /// A tracker that went away: its scope ended, nobody listens to it.
        var isGone = false
        /// A tracker that installed its observer after its slice went missing:
        /// the store forgot the slice then, so it is told of nothing (it would
        /// have to read the slice again, as ObservedValues does).
        var hearsNothing = false
    }

    struct Subscriber {
        let probe: Int
        let received: Received
        let subscription: StoreSubscription
    }

    var random: SeededGenerator
    let store = MutableStore(ModelState())
    var model = StoreModel()
    var trackers: [Tracker] = []
    var subscribers: [Subscriber] = []
    var log: [String] = []

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Runs `steps` random steps; returns the first difference found, with the steps that led to it.
    mutating func run(steps: Int) -> String? {
        for step in 0..<steps {
            if let difference = self.step() {
                return "step \(step): \(difference)\n  " + log.suffix(ProcessInfo.processInfo.environment["KEEL_MODEL_LOG"].flatMap(Int.init) ?? 12).joined(separator: "\n  ")
            }
        }
        return nil
    }

    private mutating func step() -> String? {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25: return readTracked()
        case 25..<32: subscribe()
        case 32..<36: unsubscribe()
        case 36..<40: goAway()
        case 40..<65: return update(bulk: true)
        case 65..<92: return update(bulk: false)
        default: return throwingUpdate()
        }
        return check(changed: [])
    }

    // MARK: Observers

    /// Reads a slice inside Observation tracking. One time in four, the slice
    /// changes while the tracked closure runs, before Observation installs
    /// its observer (an update on another thread): that change is missed, as
    /// for any `Observable`, but the next one must not be.
    private mutating func readTracked() -> String? {
        let index = Int.random(in: Probe.all.indices, using: &random)
        let probe = Probe.all[index]
        guard probe.readValue(model.state) != nil else { return nil } // Reading a missing element traps.
        var tracker = Tracker(probe: index)
        let changesMeanwhile = Int.random(in: 0..<4, using: &random) == 0
        var meanwhile: Set<Int>?
        let read = withObservationTracking {
            let read = probe.read(store.readOnly)
            model.watch[index] = .read
            if changesMeanwhile { meanwhile = updateWhileTracking() }
            return read
        } onChange: { [received = tracker.received] in
            received.notify()
        }
        log.append("read \(probe.name) = \(read)\(changesMeanwhile ? " (changed meanwhile)" : "")")
        if let meanwhile {
            if let difference = check(changed: meanwhile) { return difference }
            tracker.hearsNothing = meanwhile.contains(index) && !probe.isPresent(model.state)
        }
        trackers.append(tracker)
        return nil
    }

    /// A bulk update made while a tracked closure runs; returns the probes it changed.
    private mutating func updateWhileTracking() -> Set<Int> {
        let old = model.state
        let change = Mutation.random(using: &random)
        log.append("update { \(change) } while a tracked closure runs")
        store.update { change.apply(to: &$0) }
        change.apply(to: &model.state)
        let followed = Set(trackers.map(\.probe) + subscribers.map(\.probe) + model.watch.keys)
        return StoreModel.changes(from: old, to: model.state, among: followed)
    }

    private mutating func subscribe() {
        let index = Int.random(in: Probe.all.indices, using: &random)
        let received = Received()
        let subscription = Probe.all[index].subscribe(store.readOnly) { received.receive($0) }
        subscribers.append(Subscriber(probe: index, received: received, subscription: subscription))
        model.subscriptions[index, default: 0] += 1
        log.append("subscribe \(Probe.all[index].name)")
        _ = received.take() // The current value, delivered at once.
    }

    private mutating func unsubscribe() {
        guard !subscribers.isEmpty else { return }
        let subscriber = subscribers.remove(at: Int.random(in: subscribers.indices, using: &random))
        subscriber.subscription.cancel()
        model.subscriptions[subscriber.probe, default: 0] -= 1
        log.append("unsubscribe \(Probe.all[subscriber.probe].name)")
    }

    private mutating func goAway() {
        guard let index = trackers.indices.filter({ !trackers[$0].isGone }).randomElement(using: &random) else { return }
        trackers[index].isGone = true
        log.append("tracker of \(Probe.all[trackers[index].probe].name) goes away")
    }

    // MARK: Updates

    private mutating func update(bulk: Bool) -> String? {
        let old = model.state
        if bulk {
            let changes = (0..<Int.random(in: 1...3, using: &random)).map { _ in Mutation.random(using: &random) }
            log.append("update { \(changes.map { "\($0)" }.joined(separator: "; ")) }")
            store.update { state in for change in changes { change.apply(to: &state) } }
            for change in changes { change.apply(to: &model.state) }
        } else {
            guard let write = PathWrite.random(in: old, using: &random) else { return check(changed: []) }
            log.append("update(at: \(write.description))")
            write.apply(store)
            write.model(&model.state)
        }
        let followed = Set(trackers.map(\.probe) + subscribers.map(\.probe) + model.watch.keys)
        return check(changed: StoreModel.changes(from: old, to: model.state, among: followed))
    }

    private mutating func throwingUpdate() -> String? {
        struct Refused: Error {}
        let change = Mutation.random(using: &random)
        log.append("update { \(change); throw }")
        do {
            try store.update { state throws(Refused) in
                change.apply(to: &state)
                throw Refused()
            }
        } catch {}
        do {
            try store.update(at: { $0.title }) { title throws(Refused) in
                title += 1
                throw Refused()
            }
        } catch {}
        return check(changed: [])
    }

    // MARK: Checking

    /// Compares what the real store did with what the model says, and settles the model.
    private mutating func check(changed: Set<Int>) -> String? {
        if store.state != model.state { return "the stores hold different states" }
        for index in trackers.indices {
            let tracker = trackers[index]
            let notifications = tracker.received.take().notifications
            guard !tracker.isGone else { continue }
            let expected = changed.contains(tracker.probe) && !tracker.hearsNothing ? 1 : 0
            if notifications != expected {
                return "the tracker of \(Probe.all[tracker.probe].name) was notified \(notifications) times, not \(expected)"
            }
        }
        // A notified tracker has ended, as Observation's are one-shot.
        trackers.removeAll { changed.contains($0.probe) || $0.isGone && Bool.random(using: &random) }
        for subscriber in subscribers {
            let probe = Probe.all[subscriber.probe]
            let values = subscriber.received.take().values
            let expected = changed.contains(subscriber.probe) ? [probe.readValue(model.state)].compactMap { $0 } : []
            if values != expected {
                return "the subscriber of \(probe.name) received \(values), not \(expected) (changed: \(changed.map { Probe.all[$0].name }.sorted()))"
            }
        }
        model.settle(changed)
        let nodes = store.readOnly.observedSliceCount
        if nodes != model.neededNodes {
            return "the store holds \(nodes) slices where \(model.neededNodes) are needed"
        }
        return nil
    }
}

/// A change of the whole state, applied the same way to both stores.
enum Mutation {
    case title(Int), flag, appendItem(Int), removeFirst, removeLast, score(Int, Int), tag(Int, Int)
    case insertScene(Int, ModelState.Scene), removeScene(Int), sheet(Int, Int?), pick(ModelState.Item?), pickScore(Int)
    case list(Loadable<[Int]>), listAppend(Int), total(Int)

    static func random(using random: inout SeededGenerator) -> Mutation {
        let small = Int.random(in: 0..<3, using: &random)
        let item = Int.random(in: 0..<4, using: &random)
        let key = Int.random(in: 0..<3, using: &random)
        switch Int.random(in: 0..<15, using: &random) {
        case 0: return .title(small)
        case 1: return .flag
        case 2: return .appendItem(small)
        case 3: return .removeFirst
        case 4: return .removeLast
        case 5: return .score(item, small)
        case 6: return .tag(item, small)
        case 7: return .insertScene(key, ModelState.Scene(path: small == 0 ? [] : [small], sheet: small == 1 ? nil : small))
        case 8: return .removeScene(key)
        case 9: return .sheet(key, small == 0 ? nil : small)
        case 10: return .pick(small == 0 ? nil : ModelState.Item(score: small))
        case 11: return .pickScore(small)
        case 12: return .list([Loadable.notRequested, .loading(last: [small]), .loaded([small])][small])
        case 13: return .listAppend(small)
        default: return .total(small)
        }
    }

    func apply(to state: inout ModelState) {
        switch self {
        case .title(let value): state.title = value
        case .flag: state.flag.toggle()
        case .appendItem(let score): state.items.append(ModelState.Item(score: score))
        case .removeFirst: if !state.items.isEmpty { state.items.removeFirst() }
        case .removeLast: if !state.items.isEmpty { state.items.removeLast() }
        case .score(let index, let score): if state.items.indices.contains(index) { state.items[index].score = score }
        case .tag(let index, let tag): if state.items.indices.contains(index) { state.items[index].tags.append(tag) }
        case .insertScene(let key, let scene): state.scenes[key] = scene
        case .removeScene(let key): state.scenes[key] = nil
        case .sheet(let key, let sheet): state.scenes[key]?.sheet = sheet
        case .pick(let item): state.pick = item
        case .pickScore(let score): state.pick?.score = score
        case .list(let list): state.list = list
        case .listAppend(let value): state.list.value?.append(value)
        case .total(let value): state.total = value
        }
    }
}

/// A change of one slice through `update(at:)`, and the same change in the model.
struct PathWrite: CustomStringConvertible {
    let description: String
    let apply: (MutableStore<ModelState>) -> Void
    let model: (inout ModelState) -> Void

    static func random(in state: ModelState, using random: inout SeededGenerator) -> PathWrite? {
        let small = Int.random(in: 0..<3, using: &random)
        let index = Int.random(in: 0..<4, using: &random)
        let key = Int.random(in: 0..<3, using: &random)
        switch Int.random(in: 0..<11, using: &random) {
        case 0:
            return PathWrite(description: "title = \(small)", apply: { $0.update(at: { $0.title }) { $0 = small } }, model: { $0.title = small })
        case 1:
            // Writing an element past the end traps, as an array does.
            guard state.items.indices.contains(index) else { return nil }
            return PathWrite(description: "items[\(index)].score = \(small)",
                             apply: { $0.update(at: { $0.items[index].score }) { $0 = small } },
                             model: { $0.items[index].score = small })
        case 2:
            guard state.items.indices.contains(index) else { return nil }
            return PathWrite(description: "items[\(index)] = (\(small))",
                             apply: { $0.update(at: { $0.items[index] }) { $0 = ModelState.Item(score: small) } },
                             model: { $0.items[index] = ModelState.Item(score: small) })
        case 3:
            return PathWrite(description: "items.append(\(small))",
                             apply: { $0.update(at: { $0.items }) { $0.append(ModelState.Item(score: small)) } },
                             model: { $0.items.append(ModelState.Item(score: small)) })
        case 4:
            let scene = small == 0 ? nil : ModelState.Scene(path: [small])
            return PathWrite(description: "scenes[\(key)] = \(String(describing: scene))",
                             apply: { $0.update(at: { $0.scenes[key] }) { $0 = scene } },
                             model: { $0.scenes[key] = scene })
        case 5:
            let sheet = small == 0 ? nil : small
            return PathWrite(description: "scenes[\(key)].sheet = \(String(describing: sheet))",
                             apply: { $0.update(at: { $0.scenes[key].sheet }) { $0 = sheet } },
                             model: { if $0.scenes[key]?.sheet != sheet { $0.scenes[key]?.sheet = sheet } })
        case 6:
            return PathWrite(description: "scenes[\(key)].path.append(\(small))",
                             apply: { $0.update(at: { $0.scenes[key].pathOrEmpty }) { $0.append(small) } },
                             model: { $0.scenes[key].pathOrEmpty.append(small) })
        case 7:
            return PathWrite(description: "pick.score = \(small)",
                             apply: { $0.update(at: { $0.pick.score }) { $0 = small } },
                             model: { if $0.pick?.score != small { $0.pick?.score = small } })
        case 8:
            return PathWrite(description: "list.value.append(\(small))",
                             apply: { $0.update(at: { $0.list.value }) { $0?.append(small) } },
                             model: { $0.list.value?.append(small) })
        case 9:
            // A slice is written back only when its value changed: a setter
            // that writes elsewhere does not run for an unchanged value.
            return PathWrite(description: "total = \(small)", apply: { $0.update(at: { $0.total }) { $0 = small } },
                             model: { if $0.total != small { $0.total = small } })
        default:
            return PathWrite(description: "flag.toggle()", apply: { $0.update(at: { $0.flag }) { $0.toggle() } },
                             model: { $0.flag.toggle() })
        }
    }
}

@Suite("The store against a model: every notification, every value, every node", .timeLimit(.minutes(5)))
struct StoreModelTests {
    /// Sequences per run, and steps per sequence; KEEL_MODEL_SEQUENCES sets the first.
    static let sequences = ProcessInfo.processInfo.environment["KEEL_MODEL_SEQUENCES"].flatMap(Int.init) ?? 2_000
    static let steps = 80

    @Test("random sequences of reads, observations, streams and updates: the store does what the model says")
    func randomSequences() async {
        let base = UInt64(ProcessInfo.processInfo.environment["KEEL_MODEL_SEED"].flatMap(UInt64.init) ?? 20_261_124)
        for offset in 0..<UInt64(Self.sequences) {
            // Long and synchronous: leave the other suites their turn on the shared threads.
            await Task.yield()
            var run = ModelRun(seed: base &+ offset)
            if let difference = run.run(steps: Self.steps) {
                Issue.record("seed \(base &+ offset) (KEEL_MODEL_SEED=\(base &+ offset) KEEL_MODEL_SEQUENCES=1), \(difference)")
                return
            }
        }
    }
}
