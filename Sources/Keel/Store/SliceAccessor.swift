/// Reads, writes and compares one slice of a root value, whatever its type.
///
/// Each accessor holds its parent's accessor and the one step from it (a key
/// path, a position or a key): the chain of accessors is the path to the
/// slice, and reaching the slice touches one object per step. A
/// ``StatePath`` is the accessor it builds as it is written; the store finds
/// its trie nodes by the steps, and reads and writes through the accessors.
/// The trie keeps one accessor per node for comparing old and new states,
/// rebased so that sibling slices share their parent's.
@usableFromInline
class AnySliceAccessor {
    /// The accessor of the slice this one's step starts from; `nil` at the root.
    let parent: AnySliceAccessor?
    /// The step from `parent` to this slice; `nil` at the root.
    let step: PathStep?
    /// Whether the slice can be missing from a state: it is, or lies below,
    /// an element of a collection, which a later state may no longer have.
    let mayBeMissing: Bool

    init(parent: AnySliceAccessor?, step: PathStep?, isElement: Bool = false) {
        self.parent = parent
        self.step = step
        mayBeMissing = isElement || parent?.mayBeMissing == true
    }

    /// The steps from the root to this slice, the root's first.
    var steps: [PathStep] {
        var steps: [PathStep] = []
        var accessor = self
        while let step = accessor.step, let parent = accessor.parent {
            steps.append(step)
            accessor = parent
        }
        return steps.reversed()
    }

    /// Whether the slice is the same in the roots at `lhs` and `rhs`;
    /// `false` when the slice is not `Equatable`, so that it counts as changed.
    func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        false
    }

    /// The same step from `parent`, an accessor of the same slice as this
    /// one's parent: the store's trie keeps one accessor per slice, shared by
    /// the slices below it.
    func rebased(onto parent: AnySliceAccessor) -> AnySliceAccessor {
        self
    }
}

/// Reads and writes a slice of type `Value` in a `Root`.
///
/// The subclasses say how: ``RootAccessor``, ``MemberAccessor``,
/// ``ElementAccessor`` and ``DictionaryValueAccessor``.
@usableFromInline
class SliceAccessor<Root, Value>: AnySliceAccessor {
    /// Compares two values of the slice; `nil` when `Value` is not
    /// `Equatable`, or when the accessor was made without comparing.
    private let equality: (any SliceEquality.Type)?

    /// Makes an accessor that compares values of the slice when `comparing`
    /// is set (finding out whether `Value` is `Equatable` takes a runtime
    /// lookup, which paths skip: only the trie's accessors compare).
    init(parent: AnySliceAccessor?, step: PathStep?, comparing: Bool, isElement: Bool = false) {
        equality = comparing ? equalityOf(Value.self) : nil
        super.init(parent: parent, step: step, isElement: isElement)
    }

    /// Whether the root at `root` has the slice: `false` when an element on
    /// the way lies past the end of its collection (an observed row whose
    /// element was removed). Only an accessor that ``AnySliceAccessor/mayBeMissing`` asks.
    func isPresent(in root: UnsafePointer<Root>) -> Bool {
        true
    }

    /// Runs `body` with the slice in the root at `root`.
    ///
    /// The pointer addresses the slice in place when it is stored in place
    /// (the root, stored properties of it); otherwise (elements, computed
    /// properties) it addresses a copy. Either way nothing above the slice is
    /// copied, so reading a slice retains no container on the way.
    func withValue<Result>(in root: UnsafePointer<Root>, _ body: (UnsafePointer<Value>) -> Result) -> Result {
        preconditionFailure("SliceAccessor is abstract: \(type(of: self)) must override withValue(in:_:)")
    }

    /// Reads the slice.
    final func get(_ root: UnsafePointer<Root>) -> Value {
        withValue(in: root) { $0.pointee }
    }

    /// Modifies the slice in place.
    func modify(_ root: inout Root, _ body: (inout Value) -> Void) {
        preconditionFailure("SliceAccessor is abstract: \(type(of: self)) must override modify(_:_:)")
    }

    /// Whether the slice is the same in both roots; a slice missing from
    /// both is the same, a slice missing from one has changed.
    override final func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        guard let equality else { return false }
        let lhs = lhs.assumingMemoryBound(to: Root.self), rhs = rhs.assumingMemoryBound(to: Root.self)
        if mayBeMissing {
            let inLHS = isPresent(in: lhs), inRHS = isPresent(in: rhs)
            guard inLHS, inRHS else { return inLHS == inRHS }
        }
        return withValue(in: lhs) { lhs in
            withValue(in: rhs) { rhs in equality.isEqual(lhs, rhs) }
        }
    }
}

/// The whole root.
final class RootAccessor<Root>: SliceAccessor<Root, Root> {
    init() {
        super.init(parent: nil, step: nil, comparing: true)
    }

    override func withValue<Result>(in root: UnsafePointer<Root>, _ body: (UnsafePointer<Root>) -> Result) -> Result {
        body(root)
    }

    override func modify(_ root: inout Root, _ body: (inout Root) -> Void) { body(&root) }
}

/// A property of the parent slice.
///
/// A property stored in place (`offset` is set) is reached at its offset in
/// the parent, without going through the key path.
@usableFromInline
final class MemberAccessor<Root, Parent, Value>: SliceAccessor<Root, Value> {
    /// The parent's accessor, with its type (``AnySliceAccessor/parent`` without it).
    private let typedParent: SliceAccessor<Root, Parent>
    private let keyPath: WritableKeyPath<Parent, Value>
    /// `MemoryLayout<Parent>.offset(of: keyPath)`: set only for a property
    /// stored inline in `Parent` (no observers, not computed), whose value
    /// lies at that offset.
    private let offset: Int?

    /// Makes the accessor of the property at `keyPath` of the slice `parent` reaches.
    @usableFromInline
    init(parent: SliceAccessor<Root, Parent>, keyPath: WritableKeyPath<Parent, Value>, comparing: Bool = false) {
        typedParent = parent
        self.keyPath = keyPath
        let offset = MemoryLayout<Parent>.offset(of: keyPath)
        self.offset = offset
        super.init(
            parent: parent, step: PathStep(key: .member(keyPath, offset: offset), kind: offset == nil ? .computed : .stored),
            comparing: comparing)
    }

    override func rebased(onto parent: AnySliceAccessor) -> AnySliceAccessor {
        MemberAccessor(parent: unsafeDowncast(parent, to: SliceAccessor<Root, Parent>.self), keyPath: keyPath, comparing: true)
    }

    override func isPresent(in root: UnsafePointer<Root>) -> Bool {
        typedParent.isPresent(in: root)
    }

    override func withValue<Result>(in root: UnsafePointer<Root>, _ body: (UnsafePointer<Value>) -> Result) -> Result {
        typedParent.withValue(in: root) { parent in
            if let offset {
                return body(UnsafeRawPointer(parent).advanced(by: offset).assumingMemoryBound(to: Value.self))
            }
            return withUnsafePointer(to: parent.pointee[keyPath: keyPath], body)
        }
    }

    override func modify(_ root: inout Root, _ body: (inout Value) -> Void) {
        typedParent.modify(&root) { parent in
            if let offset {
                withUnsafeMutablePointer(to: &parent) { parent in
                    body(&UnsafeMutableRawPointer(parent).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
                }
            } else {
                body(&parent[keyPath: keyPath])
            }
        }
    }
}

/// The element at a position of the parent collection.
@usableFromInline
final class ElementAccessor<Root, Parent: MutableCollection>: SliceAccessor<Root, Parent.Element> where Parent.Index: Hashable {
    /// The parent's accessor, with its type (``AnySliceAccessor/parent`` without it).
    private let typedParent: SliceAccessor<Root, Parent>
    private let position: Parent.Index

    /// Makes the accessor of the element at `position` of the collection `parent` reaches.
    @usableFromInline
    init(parent: SliceAccessor<Root, Parent>, position: Parent.Index, comparing: Bool = false) {
        typedParent = parent
        self.position = position
        super.init(
            parent: parent, step: PathStep(key: PathStep.Key(position: position), kind: .element), comparing: comparing,
            isElement: true)
    }

    override func rebased(onto parent: AnySliceAccessor) -> AnySliceAccessor {
        ElementAccessor(parent: unsafeDowncast(parent, to: SliceAccessor<Root, Parent>.self), position: position, comparing: true)
    }

    override func isPresent(in root: UnsafePointer<Root>) -> Bool {
        typedParent.isPresent(in: root)
            && typedParent.withValue(in: root) { $0.pointee.startIndex <= position && position < $0.pointee.endIndex }
    }

    override func withValue<Result>(in root: UnsafePointer<Root>, _ body: (UnsafePointer<Parent.Element>) -> Result) -> Result {
        typedParent.withValue(in: root) { withUnsafePointer(to: $0.pointee[position], body) }
    }

    override func modify(_ root: inout Root, _ body: (inout Parent.Element) -> Void) {
        typedParent.modify(&root) { body(&$0[position]) }
    }
}

/// The value under a key of the parent dictionary (`nil` when absent).
@usableFromInline
final class DictionaryValueAccessor<Root, Key: Hashable, Element>: SliceAccessor<Root, Element?> {
    /// The parent's accessor, with its type (``AnySliceAccessor/parent`` without it).
    private let typedParent: SliceAccessor<Root, [Key: Element]>
    private let key: Key

    /// Makes the accessor of the value under `key` of the dictionary `parent` reaches.
    @usableFromInline
    init(parent: SliceAccessor<Root, [Key: Element]>, key: Key, comparing: Bool = false) {
        typedParent = parent
        self.key = key
        super.init(parent: parent, step: PathStep(key: PathStep.Key(position: key), kind: .element), comparing: comparing)
    }

    override func rebased(onto parent: AnySliceAccessor) -> AnySliceAccessor {
        DictionaryValueAccessor(parent: unsafeDowncast(parent, to: SliceAccessor<Root, [Key: Element]>.self), key: key, comparing: true)
    }

    /// A missing key is a `nil` value, not a missing slice: only the dictionary itself can be missing.
    override func isPresent(in root: UnsafePointer<Root>) -> Bool {
        typedParent.isPresent(in: root)
    }

    override func withValue<Result>(in root: UnsafePointer<Root>, _ body: (UnsafePointer<Element?>) -> Result) -> Result {
        typedParent.withValue(in: root) { withUnsafePointer(to: $0.pointee[key], body) }
    }

    override func modify(_ root: inout Root, _ body: (inout Element?) -> Void) {
        typedParent.modify(&root) { body(&$0[key]) }
    }
}

/// The `==` of one `Equatable` type, reached through the metatype
/// ``EqualityOf`` conforms with: a metatype is stored in place, where a
/// closure would be one more object to allocate for every node of a store's trie.
private protocol SliceEquality {
    /// Whether the values at `lhs` and `rhs` (of the type this equality was made for) are equal.
    static func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool
}

/// ``SliceEquality`` of `Value`.
private enum EqualityOf<Value: Equatable>: SliceEquality {
    static func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.assumingMemoryBound(to: Value.self).pointee == rhs.assumingMemoryBound(to: Value.self).pointee
    }
}

/// The equality of `Value` when it is `Equatable`, else `nil`.
private func equalityOf<Value>(_: Value.Type) -> (any SliceEquality.Type)? {
    guard let equatable = Value.self as? any Equatable.Type else { return nil }
    return equality(equatable)
}

private func equality<Value: Equatable>(_: Value.Type) -> any SliceEquality.Type {
    EqualityOf<Value>.self
}
