/// How a slice differs between two states: `gone` when it changed by going missing.
@usableFromInline enum Difference { case same, changed, gone }

/// How a slice compares within its parent's value, so that one read of a slice serves all of its children.
final class Relative<Parent> {
    let compare: (Parent, Parent) -> Difference, isPresent: (Parent) -> Bool
    /// Compares what `visit` hands over from a parent's value, if there; slices not `Equatable` always differ.
    init<Value>(visit: @escaping (Parent, (Value) -> Void) -> Bool) {
        let equal = equality(Value.self) ?? { _, _ in false }
        isPresent = { visit($0) { _ in } }
        // Nested visits, no copies: an `Optional<Value>` here would look up its metadata at every comparison.
        compare = { old, new in
            var difference = Difference.same
            let wasThere = visit(old) { old in
                let isThere = visit(new) { difference = equal(old, $0) ? .same : .changed }
                if !isThere { difference = .gone }
            }
            if !wasThere && visit(new, { _ in }) { difference = .changed }
            return difference
        }
    }
}

/// The `==` of `Value` when it is `Equatable`, found at run time.
private func equality<Value>(_: Value.Type) -> ((Value, Value) -> Bool)? {
    func equal<Equatable: Swift.Equatable>(_: Equatable.Type) -> Any { { $0 == $1 } as (Equatable, Equatable) -> Bool }
    return (Value.self as? any Equatable.Type).flatMap { equal($0) as? (Value, Value) -> Bool }
}

/// The children of a node, compared within the node's own value.
@usableFromInline protocol ChildComparisons<Root>: AnyObject {
    associatedtype Root
    /// Adds `child`, whose slice `relative` compares within this one.
    func add(_ child: SliceNode, _ relative: AnyObject)
    /// Calls `changed` with each child (of those `among`, if given) that differs between the roots.
    func compare(_ old: Root, _ new: Root, among: Set<ObjectIdentifier>?, _ changed: (SliceNode, Difference) -> Void)
    func remove(_ child: SliceNode)
}
/// ``ChildComparisons`` of a slice of type `Value`.
final class Children<Root, Value>: ChildComparisons {
    private let link: any SliceLink<Root, Value>
    private var children: [ObjectIdentifier: (node: SliceNode, relative: Relative<Value>)] = [:]
    init(_ link: any SliceLink<Root, Value>) { self.link = link }
    func add(_ child: SliceNode, _ relative: AnyObject) {
        // The child's link steps down from this slice's, so it compares within a `Value`: the cast cannot fail.
        children[ObjectIdentifier(child)] = (child, relative as! Relative<Value>)
    }
    func remove(_ child: SliceNode) { children[ObjectIdentifier(child)] = nil }
    func compare(_ old: Root, _ new: Root, among: Set<ObjectIdentifier>?, _ changed: (SliceNode, Difference) -> Void) {
        let children = among.map { $0.compactMap { self.children[$0] } } ?? Array(self.children.values)
        let wasThere = link.visit(old, reading: false) { old in
            let isThere = link.visit(new, reading: false) { new in
                for child in children {
                    let difference = child.relative.compare(old, new)
                    if difference != .same { changed(child.node, difference) }
                }
            }
            if !isThere { for child in children where child.relative.isPresent(old) { changed(child.node, .gone) } }
        }
        if !wasThere {
            _ = link.visit(new, reading: false) { new in for child in children where child.relative.isPresent(new) { changed(child.node, .changed) } }
        }
    }
}
