/// Finds the nodes whose values differ between two states, visiting only the
/// nodes a change can reach.
///
/// - ``diffAll(from:old:new:)`` serves an update that may have changed anything: it
///   compares nodes top-down and skips the subtree of every node whose value
///   is unchanged (a slice cannot change when the value that contains it did not).
/// - ``walk(_:from:old:new:)`` serves an update of one slice: every ancestor
///   of a changed slice changed, siblings across distinct stored properties
///   or distinct elements are untouched, and only the slice's own subtree and
///   any computed or mixed siblings need comparing. (When none of those
///   exist, the store takes the nodes along the path without a walk: see
///   `PathNode.trace(_:)`.)
struct ChangeWalk {
    /// The nodes whose value changed, in the order they were found.
    private(set) var changed: [NodeReference] = []

    /// Compares the whole trie below `root` between `old` and `new`, pruning unchanged subtrees.
    mutating func diffAll(from root: PathNode, old: UnsafeRawPointer, new: UnsafeRawPointer) {
        visit(root, old: old, new: new)
    }

    /// Records the changes of an update that wrote only the slice `accessor`
    /// reaches and changed its value.
    mutating func walk(_ accessor: AnySliceAccessor, from root: PathNode, old: UnsafeRawPointer, new: UnsafeRawPointer) {
        let steps = accessor.steps
        if steps.contains(where: { $0.kind == .computed }) {
            // A computed step may write anywhere in its parent: compare everything.
            diffAll(from: root, old: old, new: new)
            return
        }
        var node = root
        changed.append(NodeReference(node))
        for step in steps {
            for sibling in node.siblingsAffected(byChangeThrough: step) {
                visit(sibling, old: old, new: new)
            }
            guard let child = node.child(step.key) else { return }
            changed.append(NodeReference(child))
            node = child
        }
        for child in node.children.values {
            visit(child, old: old, new: new)
        }
    }

    private mutating func visit(_ node: PathNode, old: UnsafeRawPointer, new: UnsafeRawPointer) {
        if node.accessor.isEqual(old, new) { return }
        changed.append(NodeReference(node))
        for child in node.children.values {
            visit(child, old: old, new: new)
        }
    }
}
