import Observation

/// A slice someone reads or observes: a node of the store's trie of paths. Used under ``StoreCore``'s lock but for
/// ``subject``; not generic, so its dictionaries are compiled once.
@usableFromInline
final class SliceNode {
    /// Read since its last change; announced and not read since (``StoreCore``'s rule 3); neither.
    enum Watch { case none, read, announced }
    let step: PathStep?
    private(set) unowned var parent: SliceNode?  // It holds this node: it outlives it.
    private(set) var children: [PathStep: SliceNode] = [:]
    /// How many children of each kind: a write through one kind may change the others.
    private var kinds = [0, 0, 0]
    /// What compares the children, within the store's state.
    private let comparisons: any ChildComparisons
    /// How Observation follows the slice, and how many subscribers the store holds for it.
    var watch = Watch.none, subscribers = 0
    /// Set while an update handles the node: its slice went missing.
    var isGone = false
    let subject = ObservationSubject()
    init<State>(link: any PathLink<State>, parent: SliceNode?) { (step, self.parent, comparisons) = (link.step, parent, link.makeChildren()) }
    /// The node of `link`'s slice, made with its missing ancestors if need be.
    func descendant<State>(_ link: any PathLink<State>) -> SliceNode {
        guard let step = link.step, let parentLink = link.parent else { return self }
        let node = descendant(parentLink)
        if let child = node.children[step] { return child }
        let child = SliceNode(link: link, parent: node)
        node.children[step] = child
        node.kinds[step.kind.rawValue] += 1
        node.comparisons.add(child, link.makeRelative())
        return child
    }
    /// The existing nodes along `steps`, this one first: the one walk of the trie a write makes. It stops where the
    /// trie ends, or where `proceed`, handed a node and the step below, says no.
    func trail(_ steps: [PathStep], proceed: (SliceNode, PathStep) -> Bool = { _, _ in true }) -> [SliceNode] {
        var trail = [self]
        for step in steps {
            guard proceed(trail[trail.count - 1], step), let child = trail[trail.count - 1].children[step] else { break }
            trail.append(child)
        }
        return trail
    }
    /// Compares the children (those `among`, if given) between two states. A store makes its trie from paths of its
    /// own state: the cast cannot fail, and traps if it does.
    func compareChildren<State>(_ old: State, _ new: State, among: Set<ObjectIdentifier>? = nil, _ changed: (SliceNode, Difference) -> Void) {
        (comparisons as! any ChildComparisons<State>).compare(old, new, among: among, changed)
    }
    /// The other children a write at `step` may change (rule 2): any for a computed property, else other kinds.
    func siblings(affectedThrough step: PathStep) -> Set<ObjectIdentifier> {
        Set(children.values.filter { $0.step != step && (step.kind == .computed || $0.step?.kind != step.kind) }.map(ObjectIdentifier.init))
    }
    /// Whether ``siblings(affectedThrough:)`` is not empty, in constant time.
    func hasSiblings(affectedThrough step: PathStep) -> Bool {
        step.kind == .computed ? children.count > (children[step] == nil ? 0 : 1) : kinds[step.kind.rawValue] != children.count
    }
    /// Removes this node, and the ancestors it leaves so, while nobody reads, observes or subscribes below (rule 3).
    func forgetIfIdle() {
        var node = self
        while node.subscribers == 0, node.watch == .none, node.children.isEmpty, let parent = node.parent, let step = node.step {
            parent.children[step] = nil
            parent.kinds[step.kind.rawValue] -= 1
            parent.comparisons.remove(node)
            (node.parent, node) = (nil, parent)
        }
    }
    /// The nodes below this one.
    var descendants: [SliceNode] { children.values.flatMap { [$0] + $0.descendants } }
}
