/// Reads, writes and compares one slice of a root value, whatever its type.
///
/// The store keeps one per node of its trie. Each accessor holds its parent's
/// accessor and the one step from it (a key path, a position or a key), so
/// that the accessors of sibling slices share their parent's, and reaching a
/// slice touches one object per step.
class AnySliceAccessor {
    /// Whether the slice is the same in the roots at `lhs` and `rhs`;
    /// `false` when the slice is not `Equatable`, so that it counts as changed.
    func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        false
    }
}

/// Reads and writes a slice of type `Value` in a `Root`.
///
/// The subclasses say how: ``RootAccessor``, ``MemberAccessor``,
/// ``ElementAccessor`` and ``DictionaryValueAccessor``.
class SliceAccessor<Root, Value>: AnySliceAccessor {
    /// Compares two values of the slice; `nil` when `Value` is not `Equatable`.
    private let equality: ((Value, Value) -> Bool)? = SliceEquality<Value>.function

    /// Reads the slice.
    func get(_ root: Root) -> Value {
        preconditionFailure("SliceAccessor is abstract: \(type(of: self)) must override get(_:)")
    }

    /// Modifies the slice in place.
    func modify(_ root: inout Root, _ body: (inout Value) -> Void) {
        preconditionFailure("SliceAccessor is abstract: \(type(of: self)) must override modify(_:_:)")
    }

    override final func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        guard let equality else { return false }
        return equality(get(lhs.assumingMemoryBound(to: Root.self).pointee), get(rhs.assumingMemoryBound(to: Root.self).pointee))
    }
}

/// The whole root.
final class RootAccessor<Root>: SliceAccessor<Root, Root> {
    override func get(_ root: Root) -> Root { root }
    override func modify(_ root: inout Root, _ body: (inout Root) -> Void) { body(&root) }
}

/// A property of the parent slice.
final class MemberAccessor<Root, Parent, Value>: SliceAccessor<Root, Value> {
    private let parent: SliceAccessor<Root, Parent>
    private let keyPath: WritableKeyPath<Parent, Value>

    init(parent: SliceAccessor<Root, Parent>, keyPath: WritableKeyPath<Parent, Value>) {
        self.parent = parent
        self.keyPath = keyPath
    }

    override func get(_ root: Root) -> Value { parent.get(root)[keyPath: keyPath] }
    override func modify(_ root: inout Root, _ body: (inout Value) -> Void) {
        parent.modify(&root) { body(&$0[keyPath: keyPath]) }
    }
}

/// The element at a position of the parent collection.
final class ElementAccessor<Root, Parent: MutableCollection>: SliceAccessor<Root, Parent.Element> {
    private let parent: SliceAccessor<Root, Parent>
    private let position: Parent.Index

    init(parent: SliceAccessor<Root, Parent>, position: Parent.Index) {
        self.parent = parent
        self.position = position
    }

    override func get(_ root: Root) -> Parent.Element { parent.get(root)[position] }
    override func modify(_ root: inout Root, _ body: (inout Parent.Element) -> Void) {
        parent.modify(&root) { body(&$0[position]) }
    }
}

/// The value under a key of the parent dictionary (`nil` when absent).
final class DictionaryValueAccessor<Root, Key: Hashable, Element>: SliceAccessor<Root, Element?> {
    private let parent: SliceAccessor<Root, [Key: Element]>
    private let key: Key

    init(parent: SliceAccessor<Root, [Key: Element]>, key: Key) {
        self.parent = parent
        self.key = key
    }

    override func get(_ root: Root) -> Element? { parent.get(root)[key] }
    override func modify(_ root: inout Root, _ body: (inout Element?) -> Void) {
        parent.modify(&root) { body(&$0[key]) }
    }
}

/// The `==` of `Value`, when it has one.
private enum SliceEquality<Value> {
    /// `==` when `Value` is `Equatable`, else `nil`.
    static var function: ((Value, Value) -> Bool)? {
        guard let equatable = Value.self as? any Equatable.Type else { return nil }
        return function(equatable)
    }

    private static func function<Comparable: Equatable>(_: Comparable.Type) -> (Value, Value) -> Bool {
        // `Value` is `Comparable` (checked above), so both function types are the same type.
        unsafeBitCast({ (lhs: Comparable, rhs: Comparable) in lhs == rhs }, to: ((Value, Value) -> Bool).self)
    }
}
