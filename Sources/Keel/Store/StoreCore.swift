import Foundation

/// The engine behind ``MutableStore`` and ``Store``: the state and the trie of
/// observed slices.
///
/// `@unchecked Sendable` is sound because every mutable property (`state`,
/// `root` and the nodes below it, `reserve`, `nextSubscriberID`, `subscriberCount`,
/// `lastLoad`, `latestLoads`) is read and written only while `lock` is held. Work that may run code outside Keel's control
/// (Observation change handlers) happens after the lock is released, through
/// the nodes' Observation registrars, which are thread-safe.
final class StoreCore<State: Equatable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State
    private let root: PathNode
    /// The nodes the trie grows with.
    private let reserve: NodeReserve
    /// The path to the whole state, which every path of this store starts from.
    let rootPath: StatePath<State, State>
    private var nextSubscriberID: UInt64 = 0
    /// The value-stream subscribers of all nodes, so that an update skips
    /// looking for them when there are none.
    private var subscriberCount = 0
    /// The number of the last load started (``beginLoad(_:)``).
    private var lastLoad: UInt64 = 0
    /// The number of the latest load of each loadable slice that has one
    /// running, by the slice's steps.
    private var latestLoads: [[PathStep.Key]: UInt64] = [:]

    init(_ initial: State) {
        state = initial
        let accessor = RootAccessor<State>()
        root = PathNode(root: accessor)
        reserve = NodeReserve(root: accessor)
        rootPath = StatePath(root: accessor)
    }

    // MARK: Reading

    /// Reads the slice at `path` and lets Observation track it.
    func read<Slice: Equatable>(_ path: StatePath<State, Slice>) -> Slice {
        lock.lock()
        let node = root.descendant(path.accessor, reserve: reserve)
        node.wasRead = true
        let value = slice(path.accessor)
        lock.unlock()
        node.observationAccess()
        return value
    }

    /// Adds a subscriber that receives the slice's current value now and every
    /// new value after a change; returns its identifier for ``unsubscribe(_:at:)``.
    func subscribe<Slice: Equatable>(_ path: StatePath<State, Slice>, yield: @escaping (Slice) -> Void) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        let node = root.descendant(path.accessor, reserve: reserve)
        nextSubscriberID += 1
        let id = nextSubscriberID
        let accessor = path.accessor
        node.subscribers[id] = { state in
            let state = state.assumingMemoryBound(to: State.self)
            // An element that was removed has no value to hand out; the
            // subscriber hears from the slice again when it is back.
            guard !accessor.mayBeMissing || accessor.isPresent(in: state) else { return }
            yield(accessor.get(state))
        }
        subscriberCount += 1
        yield(slice(accessor))
        return id
    }

    /// How many value-stream subscribers the store has.
    var subscribers: Int {
        lock.withLock { subscriberCount }
    }

    /// Removes a subscriber added by ``subscribe(_:yield:)`` with the path of `accessor`.
    func unsubscribe(_ id: UInt64, at accessor: AnySliceAccessor) {
        let steps = accessor.steps
        lock.lock()
        defer { lock.unlock() }
        let (node, depth) = root.deepestExisting(steps)
        guard depth == steps.count, node.subscribers.removeValue(forKey: id) != nil else { return }
        subscriberCount -= 1
        node.pruneIfIdle()
    }

    /// The slice `accessor` reads in the current state.
    ///
    /// Must be called with the lock held.
    private func slice<Slice>(_ accessor: SliceAccessor<State, Slice>) -> Slice {
        withUnsafePointer(to: &state) { accessor.get($0) }
    }

    // MARK: Writing

    /// Runs `body` on the whole state, then notifies observers of every slice that changed.
    ///
    /// If `body` throws, the state is left as it was.
    func update<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        let old = state
        var new = old
        let result: Result
        do {
            result = try body(&new)
        } catch {
            lock.unlock()
            throw error
        }
        state = new
        var walk = ChangeWalk()
        withUnsafePointer(to: old) { old in
            withUnsafePointer(to: new) { new in
                walk.diffAll(from: root, old: old, new: new)
            }
        }
        var changed = walk.changed
        deliver(&changed)
        lock.unlock()
        announce(changed)
        return result
    }

    /// Runs `body` on the slice at `path`, then notifies observers of every slice that changed.
    ///
    /// If `body` throws, the state is left as it was.
    func update<Slice: Equatable, Result, Failure: Error>(
        _ path: StatePath<State, Slice>, _ body: (inout Slice) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        let accessor = path.accessor
        let before = slice(accessor)
        var slice = before
        let result: Result
        do {
            result = try body(&slice)
        } catch {
            lock.unlock()
            throw error
        }
        guard slice != before else {
            lock.unlock()
            return result
        }
        // Only a change needs the observed nodes along the path.
        var (changed, isDirect) = root.trace(path.accessor)
        if isDirect {
            // Only the slice and the values containing it change, and every
            // node on the path did: write in place (the containers are not
            // copied).
            accessor.modify(&state) { $0 = slice }
        } else {
            let old = state
            accessor.modify(&state) { $0 = slice }
            let new = state
            var walk = ChangeWalk()
            withUnsafePointer(to: old) { old in
                withUnsafePointer(to: new) { new in
                    walk.walk(path.accessor, from: root, old: old, new: new)
                }
            }
            changed = walk.changed
        }
        deliver(&changed)
        lock.unlock()
        announce(changed)
        return result
    }

    // MARK: Loading

    /// Marks the loadable slice at `path` as loading (keeping its value) and
    /// returns the number of this load, the slice's latest.
    func beginLoad<Value: Equatable>(_ path: StatePath<State, Loadable<Value>>) -> UInt64 {
        let key = path.accessor.steps.map(\.key)
        return update(path) { loadable in
            // The update's body runs under the lock.
            lastLoad += 1
            latestLoads[key] = lastLoad
            loadable = loadable.loadingAgain
            return lastLoad
        }
    }

    /// Applies the outcome of load `number` to the slice at `path`, unless a
    /// later load of the slice started meanwhile: that one decides. Returns
    /// the slice's state.
    func finishLoad<Value: Equatable>(
        _ path: StatePath<State, Loadable<Value>>, number: UInt64, _ outcome: LoadOutcome<Value>
    ) -> Loadable<Value> {
        let key = path.accessor.steps.map(\.key)
        return update(path) { loadable in
            // The update's body runs under the lock.
            guard latestLoads[key] == number else { return loadable }
            latestLoads[key] = nil
            loadable = outcome.applied(to: loadable)
            return loadable
        }
    }

    /// Hands the new values of the `changed` nodes to their subscribers, in
    /// order, and keeps in `changed` only the nodes to announce to Observation
    /// once the lock is released: the ones that were read.
    ///
    /// Must be called with the lock held.
    private func deliver(_ changed: inout [NodeReference]) {
        if subscriberCount > 0 {
            deliverToSubscribers(changed)
        }
        changed.removeAll { reference in !reference.withNode(\.wasRead) }
    }

    /// Hands the new values of the `changed` nodes to their subscribers, in order.
    private func deliverToSubscribers(_ changed: [NodeReference]) {
        withUnsafeMutablePointer(to: &state) { state in
            for reference in changed {
                reference.withNode { node in
                    for subscriber in node.subscribers.values {
                        subscriber(UnsafeRawPointer(state))
                    }
                }
            }
        }
    }

    private func announce(_ nodes: [NodeReference]) {
        guard !nodes.isEmpty else { return }
        StoreGeneration.advance()
        for reference in nodes {
            reference.node.announceChange()
        }
    }
}
