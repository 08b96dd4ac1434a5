import Foundation

/// The engine of ``MutableStore`` and ``Store``: the state, and the trie of the slices read or observed (see
/// "How the store works").
///
/// `@unchecked Sendable` is sound: every mutable property (`state`, the nodes below `root` and all they hold,
/// `subscribers`, `lastSubscriber`) is only used while `lock` is held. Observation's thread-safe registrars, which
/// run change handlers Keel does not control, are called after it is released.
///
/// Every update keeps three rules:
/// 1. Direct path: a write whose path has no computed step, no sibling that may share its storage and no observed
///    slice below it (or that removes a dictionary's value, and with it every slice below) changes only the slices on
///    its path and below: the old state is not kept, nothing is compared.
/// 2. Siblings: distinct stored properties, and distinct elements or keys, never share storage; children of different
///    kinds may, and a computed property may write anything in its parent: those are compared, old and new.
/// 3. Watch: a node read since its last change is told of the next one, then of one more if it was not read since
///    (its reader may observe late), then forgotten once nobody reads, observes or subscribes to it or below it.
final class StoreCore<State: Equatable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State
    let rootPath = StatePath<State, State>(link: RootLink())
    private let root: SliceNode
    /// The subscribers of each node, handed the new state after a change.
    private var subscribers: [ObjectIdentifier: [UInt64: (State) -> Void]] = [:], lastSubscriber: UInt64 = 0
    /// What the store tells of its changes, if anything (``MutableStore/init(_:tap:)``).
    let tap: (any StoreTap<State>)?
    init(_ initial: State, tap: (any StoreTap<State>)?) {
        (state, self.tap) = (initial, tap)
        root = SliceNode(link: rootPath.link, parent: nil)
    }

    /// Reads the slice at `path`, for Observation to track.
    func read<Slice>(_ path: StatePath<State, Slice>) -> Slice {
        lock.lock()
        let node = root.descendant(path.link)
        node.watch = .read
        let value = path.link.read(state)
        lock.unlock()
        node.subject.access()
        return value
    }

    /// Hands `yield` the slice now and after each change (but while it is an element past the end); returns the
    /// subscriber's id.
    func subscribe<Slice>(_ path: StatePath<State, Slice>, yield: @escaping (Slice) -> Void) -> UInt64 {
        lock.withLock {
            let node = root.descendant(path.link)
            (lastSubscriber, node.subscribers) = (lastSubscriber + 1, node.subscribers + 1)
            subscribers[ObjectIdentifier(node), default: [:]][lastSubscriber] = { _ = path.link.visit($0, reading: true, yield) }
            _ = path.link.visit(state, reading: true, yield)
            return lastSubscriber
        }
    }

    func unsubscribe<Slice>(_ id: UInt64, at path: StatePath<State, Slice>) {
        lock.withLock {
            guard let node = path.link.steps.reduce(root as SliceNode?, { $0?.children[$1] }),
                  subscribers[ObjectIdentifier(node)]?.removeValue(forKey: id) != nil else { return }
            node.subscribers -= 1
            if node.subscribers == 0 { subscribers[ObjectIdentifier(node)] = nil }
            node.forgetIfIdle()
        }
    }
    var nodeCount: Int { lock.withLock { root.descendants.count + 1 } }

    /// Runs `body` on the slice at `path` (the whole state's, for a bulk update), then notifies the observers of each
    /// slice that changed, and tells the tap that `caller` changed it; if `body` throws, nothing changes.
    func update<Slice: Equatable & Sendable, Result, Failure: Error>(
        _ path: StatePath<State, Slice>, caller: (usecase: String, file: String)? = nil, _ body: (inout Slice) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        var slice = path.link.read(state)
        let before = slice, began = tap == nil ? nil : ContinuousClock.now
        let result: Result
        do { result = try body(&slice) } catch { lock.unlock(); throw error }
        guard slice != before else { lock.unlock(); return result }
        let steps = path.link.steps, removes = steps.last?.isRemovable == true && isNil(slice)
        let (trail, isDirect) = trace(steps, removing: removes)
        // Rule 1: only slices that may share storage need the old state; others are written in place.
        let old: State? = isDirect ? nil : state
        // A slice that cannot be written (a property of a nil optional) is left as it was.
        guard path.link.modify(&state, { $0 = slice }) else { lock.unlock(); return result }
        if let tap, let caller, let began {
            tap.record(StoreChange(path.link, from: before, to: slice, states: old.map { ($0, state) }, caller: caller, duration: .now - began))
        }
        if let old {
            var changes = Changes(old: old, new: state)
            changes.collect(after: steps, from: root)
            finish(changes.nodes)
        } else {
            // Each slice on the path changed; only a dictionary's value set to nil went missing, with all below it.
            let below = removes && trail.count > steps.count ? trail[steps.count].descendants : []
            trail.last?.isGone = steps.last?.isRemovable == true && !path.link.visit(state, reading: false) { _ in }
            for node in below { node.isGone = true }
            finish(trail + below)
        }
        return result
    }

    /// The existing nodes along `steps`, and whether a write there is direct (rule 1): no computed step (its setter may
    /// write anything), no sibling sharing storage (rule 2), no observed slice below but those `removing` removes.
    private func trace(_ steps: [PathStep], removing: Bool) -> (trail: [SliceNode], isDirect: Bool) {
        guard !steps.contains(where: { $0.kind == .computed }) else { return ([root], false) }
        var sharesStorage = false
        let trail = root.trail(steps) { node, step in
            sharesStorage = node.hasSiblings(affectedThrough: step)
            return !sharesStorage
        }
        return (trail, !sharesStorage && (removing || trail.count <= steps.count || trail[steps.count].children.isEmpty))
    }

    /// Whether `value` is an optional's `nil` (a dictionary's value is one); by Mirror, as a cast unwraps an optional.
    private func isNil<Value>(_ value: Value) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    /// The nodes whose slices differ between two states.
    private struct Changes {
        let old: State, new: State
        var nodes: [SliceNode] = []
        /// Collects `node` (unless `below`) and the differing slices below it (of its children, those `among`),
        /// skipping each unchanged slice's subtree.
        mutating func collect(_ node: SliceNode, below: Bool = true, among: Set<ObjectIdentifier>? = nil) {
            if !below { nodes.append(node) }
            var differing: [SliceNode] = []
            node.compareChildren(old, new, among: among) { child, difference in
                child.isGone = difference == .gone
                differing.append(child)
            }
            for child in differing { collect(child, below: false) }
        }
        /// Collects what a write at `steps` changed: its path (a slice holding a changed one changed), the siblings
        /// that may share its storage, the slices below.
        mutating func collect(after steps: [PathStep], from root: SliceNode) {
            // A computed property may write anywhere in its parent: compare everything.
            if steps.contains(where: { $0.kind == .computed }) { return old == new ? () : collect(root, below: false) }
            let trail = root.trail(steps) { node, step in
                if node.hasSiblings(affectedThrough: step) { collect(node, among: node.siblings(affectedThrough: step)) }
                if step.isRemovable, let child = node.children[step] {
                    node.compareChildren(old, new, among: [ObjectIdentifier(child)]) { $0.isGone = $1 == .gone }
                }
                return true
            }
            nodes += trail
            if trail.count == steps.count + 1, let last = trail.last { collect(last) }
        }
    }

    /// Hands the changed slices to their subscribers, forgets the nodes nobody can observe any more (rule 3),
    /// unlocks, and tells Observation (its observers are one-shot: a scope told of a change reads again if it cares).
    private func finish(_ changed: [SliceNode]) {
        var announced: [ObservationSubject] = []
        for node in changed {
            if node.subscribers > 0 { subscribers[ObjectIdentifier(node)]?.values.forEach { $0(state) } }
            if node.watch != .none {
                announced.append(node.subject)
                node.watch = node.watch == .read && !node.isGone ? .announced : .none
            }
            node.isGone = false
        }
        changed.reversed().forEach { $0.forgetIfIdle() }
        lock.unlock()
        guard !announced.isEmpty else { return }
        StoreGeneration.advance()
        announced.forEach { $0.announceChange() }
    }
}
