import Observation

/// A place in the state that someone reads or observes: one node of a store's path trie.
///
/// The trie mirrors the steps of the ``StatePath``s that were read or observed.
/// An update visits only the nodes its change can reach (see `ChangeWalk`).
/// Every access happens under the owning store's lock, except the Observation
/// calls, which the registrar makes thread-safe.
///
/// The node is also the Observation subject of its slice, so that
/// Observation tracks slices separately: reading a slice registers an access
/// to its node, and a change of the slice announces a mutation of that node only.
final class PathNode: Observable {
    // The properties an update of this node's slice reads come first, so
    // that they share the first cache line of the object: with thousands of
    // observed slices, the node of an update is rarely in cache.

    /// Tracks reads of this node's slice and announces its changes.
    private let registrar = ObservationRegistrar()
    /// The children, if the node has any: most observed slices are leaves,
    /// and keep only this reference.
    private var branch: Branch?
    /// Whether this node was ever read, so Observation may be tracking it.
    ///
    /// It stays set: a tracking scope registers its reads with the registrar
    /// only when the scope ends, so the store cannot know when nobody tracks a
    /// node any more. A node that was read announces every change and is never pruned.
    var wasRead = false
    /// The kind of the step from the parent; `nil` at the root.
    private(set) var kind: PathStep.Kind?
    /// Value-stream subscribers, each handed a pointer to the new state after a change of this node.
    var subscribers: [UInt64: (UnsafeRawPointer) -> Void] = [:]
    /// Compares this node's slice between two states (an update reads and
    /// writes through the accessor of its own path).
    private(set) var accessor: AnySliceAccessor

    /// The parent node; `nil` at the root. Parents own their children, so the
    /// parent outlives every access through this reference.
    private(set) unowned(unsafe) var parent: PathNode?
    /// The key of the step from the parent; `nil` at the root.
    private(set) var key: PathStep.Key?

    /// Makes the root of a trie, or a spare node for ``NodeReserve`` (a
    /// detached node, which ``attach(_:step:to:)`` gives its place).
    ///
    /// A node's place is set after it is made, rather than by its
    /// initializer, so that nodes can be made ahead, in blocks.
    init(root accessor: AnySliceAccessor) {
        self.accessor = accessor
        self.kind = nil
        self.key = nil
    }

    /// Makes this spare node the child of `parent` reached by `step`, with
    /// `accessor` (the path from the root to the slice).
    private func attach(_ accessor: AnySliceAccessor, step: PathStep, to parent: PathNode) {
        self.accessor = accessor.rebased(onto: parent.accessor)
        self.kind = step.kind
        self.parent = parent
        self.key = step.key
    }

    /// Children by step key.
    var children: [PathStep.Key: PathNode] {
        branch?.byKey ?? [:]
    }

    /// The node of the slice that `accessor` reaches from this node's slice,
    /// creating missing nodes on the way with nodes from `reserve`.
    func descendant(_ accessor: AnySliceAccessor, reserve: NodeReserve) -> PathNode {
        guard let step = accessor.step, let parent = accessor.parent else { return self }
        let node = descendant(parent, reserve: reserve)
        if let child = node.child(step.key) {
            return child
        }
        let child = reserve.take()
        child.attach(accessor, step: step, to: node)
        node.insert(child)
        return child
    }

    /// The deepest existing node along `steps`, and how many steps it covers.
    func deepestExisting(_ steps: [PathStep]) -> (node: PathNode, depth: Int) {
        var node = self
        for (index, step) in steps.enumerated() {
            guard let child = node.child(step.key) else { return (node, index) }
            node = child
        }
        return (node, steps.count)
    }

    /// The existing nodes along the path of `accessor` from this node (this
    /// node first), and whether a change of its slice can be recorded without
    /// comparing anything but the slice itself: no step is computed, no
    /// sibling along the way needs comparing, and no observed slice lies below it.
    func trace(_ accessor: AnySliceAccessor) -> (nodes: [NodeReference], isDirect: Bool) {
        var nodes: [NodeReference] = []
        nodes.reserveCapacity(4)
        let isDirect = switch follow(accessor, into: &nodes) {
        case .reached(let node): node.withNode { $0.branch == nil }
        case .stopped(let isDirect): isDirect
        }
        return (nodes, isDirect)
    }

    /// Where ``follow(_:into:)`` ended.
    private enum TraceEnd {
        /// At the node of the slice.
        case reached(NodeReference)
        /// Before it, with the answer of ``trace(_:)``.
        case stopped(isDirect: Bool)
    }

    /// Follows the steps of `accessor` from this node, the root's first,
    /// appending the nodes it reaches to `nodes`.
    private func follow(_ accessor: AnySliceAccessor, into nodes: inout [NodeReference]) -> TraceEnd {
        guard let step = accessor.step, let parent = accessor.parent else {
            let node = NodeReference(self)
            nodes.append(node)
            return .reached(node)
        }
        let end = follow(parent, into: &nodes)
        guard case .reached(let node) = end else { return end }
        if step.kind == .computed || node.withNode({ $0.hasSiblingsAffected(byChangeThrough: step) }) {
            return .stopped(isDirect: false)
        }
        // Past the last node nothing is observed; a computed step there can
        // only write inside the child reached here.
        guard let child = node.withNode({ $0.childReference(step.key) }) else { return .stopped(isDirect: true) }
        nodes.append(child)
        return .reached(child)
    }

    /// Whether ``siblingsAffected(byChangeThrough:)`` is not empty, without building it.
    func hasSiblingsAffected(byChangeThrough step: PathStep) -> Bool {
        guard let branch else { return false }
        return switch step.kind {
        case .stored: !branch.nonStored.isEmpty
        case .element: !branch.nonElement.isEmpty
        case .computed: branch.byKey.count > (branch.child(step.key) == nil ? 0 : 1)
        }
    }

    /// Other children that a change through `step` (a child of this node) may affect.
    ///
    /// Distinct stored properties never share storage, nor do distinct elements
    /// of a collection; anything else is compared.
    func siblingsAffected(byChangeThrough step: PathStep) -> [PathNode] {
        guard let branch else { return [] }
        return switch step.kind {
        case .stored: branch.nonStored
        case .element: branch.nonElement
        case .computed: branch.byKey.values.filter { $0.key != step.key }
        }
    }

    /// The property Observation knows the slice by; it carries no data.
    var slice: Void { () }

    /// Tells Observation that the slice is being read.
    ///
    /// Unlike the other members, it may be called without the store's lock.
    func observationAccess() {
        registrar.access(self, keyPath: \.slice)
    }

    /// Tells Observation that the slice changed.
    ///
    /// Unlike the other members, it may be called without the store's lock.
    func announceChange() {
        registrar.willSet(self, keyPath: \.slice)
        registrar.didSet(self, keyPath: \.slice)
    }

    /// Whether the node holds nothing worth keeping: no subscribers, never read, no children.
    var isIdle: Bool {
        subscribers.isEmpty && !wasRead && branch == nil
    }

    /// Removes this node and any ancestors left idle by its removal.
    func pruneIfIdle() {
        var node = self
        while node.isIdle, let parent = node.parent, let key = node.key {
            parent.remove(key)
            node = parent
        }
    }

    /// The child reached by `key`, if any.
    @inline(__always)
    func child(_ key: PathStep.Key) -> PathNode? {
        branch?.child(key)
    }

    /// The child reached by `key`, if any, without retaining it.
    @inline(__always)
    func childReference(_ key: PathStep.Key) -> NodeReference? {
        guard let branch else { return nil }
        return branch.childReference(key)
    }

    private func insert(_ child: PathNode) {
        let branch = self.branch ?? Branch()
        self.branch = branch
        branch.insert(child)
    }

    private func remove(_ key: PathStep.Key) {
        guard let child = branch?.remove(key) else { return }
        child.parent = nil
        if branch?.byKey.isEmpty == true {
            branch = nil
        }
    }
}

/// The children of a ``PathNode`` that has any, indexed for the lookups an update makes.
private final class Branch {
    /// Children by step key.
    private(set) var byKey: [PathStep.Key: PathNode] = [:]
    /// The children at small `Int` positions (array elements), indexed by
    /// position: one memory access where a dictionary lookup takes several,
    /// which matters when thousands of elements are observed. The references
    /// are unretained (``byKey`` owns the children), so that a lookup writes
    /// to no node.
    private var positionTable: ContiguousArray<NodeReference?> = []
    /// The children reached by properties, by the identity of the key path
    /// object that first reached them. A path written at one place in the
    /// source gets the same key path object each time, and comparing
    /// identities costs far less than hashing a key; a key path that is
    /// equal but not identical falls back to ``byKey``. (``byKey`` keeps the
    /// key paths alive, so no other object takes their identities.)
    private var members: ContiguousArray<(keyPath: ObjectIdentifier, node: NodeReference)> = []
    /// Children that are not stored properties (elements and computed properties).
    private(set) var nonStored: [PathNode] = []
    /// Children that are not collection elements (stored and computed properties).
    private(set) var nonElement: [PathNode] = []

    /// The child reached by `key`, if any.
    @inline(__always)
    func child(_ key: PathStep.Key) -> PathNode? {
        childReference(key)?.node
    }

    /// The child reached by `key`, if any, without retaining it.
    @inline(__always)
    func childReference(_ key: PathStep.Key) -> NodeReference? {
        switch key {
        case .position(let position) where position >= 0 && position < positionTable.count:
            return positionTable[position]
        case .member(let keyPath, _):
            let identity = ObjectIdentifier(keyPath)
            for index in members.indices where members[index].keyPath == identity {
                return members[index].node
            }
        default:
            break
        }
        return byKey[key].map(NodeReference.init)
    }

    /// Positions below this many go in the position table: it never grows
    /// beyond a few times the number of children (sparse positions, such as
    /// large `Int` keys of a dictionary, stay in the dictionary alone).
    private static func positionTableLimit(_ childCount: Int) -> Int {
        max(1024, 4 * childCount)
    }

    func insert(_ child: PathNode) {
        guard let key = child.key, let kind = child.kind else { return }
        byKey[key] = child
        if case .position(let position) = key, position >= 0, position < Self.positionTableLimit(byKey.count) {
            if position >= positionTable.count {
                positionTable.append(contentsOf: repeatElement(nil, count: position + 1 - positionTable.count))
            }
            positionTable[position] = NodeReference(child)
        }
        if case .member(let keyPath, _) = key {
            members.append((ObjectIdentifier(keyPath), NodeReference(child)))
        }
        if kind != .stored { nonStored.append(child) }
        if kind != .element { nonElement.append(child) }
    }

    /// Removes and returns the child reached by `key`, if any.
    func remove(_ key: PathStep.Key) -> PathNode? {
        guard let child = byKey.removeValue(forKey: key) else { return nil }
        if case .position(let position) = key, position >= 0, position < positionTable.count {
            positionTable[position] = nil
        }
        members.removeAll { $0.node.withNode { $0 === child } }
        nonStored.removeAll { $0 === child }
        nonElement.removeAll { $0 === child }
        return child
    }
}

/// A node of a store's trie, referred to without retaining it.
///
/// An update finds the nodes along its path, collects the nodes it changed
/// and then announces the ones that were read; retaining each one would
/// write to every node it touches, in objects that are rarely in cache.
/// The references are sound because the store's trie owns its nodes: the
/// nodes an update collects under the store's lock stay in the trie while
/// the lock is held, and the ones it announces after unlocking were read,
/// which keeps a node from ever being pruned, for as long as the store
/// itself, which runs the update.
struct NodeReference {
    private let reference: Unmanaged<PathNode>

    init(_ node: PathNode) {
        reference = .passUnretained(node)
    }

    /// The node.
    var node: PathNode {
        reference.takeUnretainedValue()
    }

    /// Runs `body` with the node, without retaining it.
    @inline(__always)
    func withNode<Result>(_ body: (PathNode) -> Result) -> Result {
        reference._withUnsafeGuaranteedRef(body)
    }
}
