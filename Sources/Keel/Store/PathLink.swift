/// One step of a path: where it leads, and how to read and write its slice.
/// `StatePath`'s inlinable subscripts make its closures where the types are
/// known, so that they run as fast as the code they stand for.
@usableFromInline
final class SliceLink<Root, Value>: PathLink {
    @usableFromInline let parent: (any PathLink<Root>)?, step: PathStep?
    /// Hands the slice in a root to its closure and returns `true`, or returns
    /// `false` when it is missing; when reading, a dictionary's missing value
    /// is handed over as `nil`, as readers see it.
    @usableFromInline let visit: @Sendable (Root, _ reading: Bool, (Value) -> Void) -> Bool
    /// Changes the slice in place; `false` when it is missing and cannot be written.
    @usableFromInline let modify: @Sendable (inout Root, (inout Value) -> Void) -> Bool
    /// Makes the ``Relative`` that compares the slice within its parent's value.
    @usableFromInline let relative: @Sendable () -> AnyObject
    @usableFromInline init(
        parent: (any PathLink<Root>)?, step: PathStep?, visit: @escaping @Sendable (Root, Bool, (Value) -> Void) -> Bool,
        modify: @escaping @Sendable (inout Root, (inout Value) -> Void) -> Bool, relative: @escaping @Sendable () -> AnyObject
    ) {
        (self.parent, self.step, self.visit, self.modify, self.relative) = (parent, step, visit, modify, relative)
    }
    @usableFromInline func makeChildren() -> AnyObject { Children(self) }
    /// What readers see of the slice in `root`; `nil` only for an element past the end.
    func read(_ root: Root) -> Value? {
        var value: Value?
        return visit(root, true) { value = $0 } ? value : nil
    }
    /// The steps from the root to this slice.
    var steps: [PathStep] {
        var steps: [PathStep] = [], link: (any PathLink<Root>)? = self
        while let current = link, let step = current.step {
            steps.append(step)
            link = current.parent
        }
        return steps.reversed()
    }
}

/// A step of a path, whatever its slice's type, as the trie sees it.
@usableFromInline
protocol PathLink<Root>: AnyObject, Sendable {
    associatedtype Root
    var parent: (any PathLink<Root>)? { get }
    var step: PathStep? { get }
    var relative: @Sendable () -> AnyObject { get }
    /// The ``Children`` that compare the slices below this one within its value.
    func makeChildren() -> AnyObject
}

/// Where a step leads: a key among its siblings, and its ``Kind``.
@usableFromInline
struct PathStep: Hashable, Sendable {
    /// A stored property (distinct ones never share storage), a computed one
    /// (it may depend on anything in its parent), an element or a dictionary's
    /// value (distinct ones never share storage).
    enum Kind: Sendable { case stored, computed, element }
    /// A property by its key path and, when stored, its offset; an array's
    /// position; any other position or key.
    enum Key: Hashable, Sendable {
        case member(AnyKeyPath & Sendable, offset: Int?), position(Int), other(AnyHashableSendable)
        /// Hashes a stored property by its key path's type and offset, much
        /// faster than by its components (equal key paths have both equal).
        func hash(into hasher: inout Hasher) {
            switch self {
            case let .member(keyPath, offset?): hasher.combine(ObjectIdentifier(type(of: keyPath))); hasher.combine(offset)
            case let .member(keyPath, nil): hasher.combine(keyPath as AnyKeyPath)
            case let .position(position): hasher.combine(position)
            case let .other(key): hasher.combine(key)
            }
        }
        static func == (lhs: Key, rhs: Key) -> Bool {
            if case let (.member(lhs, _), .member(rhs, _)) = (lhs, rhs) { return lhs as AnyKeyPath == rhs as AnyKeyPath }
            if case let (.position(lhs), .position(rhs)) = (lhs, rhs) { return lhs == rhs }
            if case let (.other(lhs), .other(rhs)) = (lhs, rhs) { return lhs == rhs }
            return false
        }
    }
    let key: Key, kind: Kind
    /// Whether writing the slice may remove it (a dictionary's value set to `nil`).
    let isRemovable: Bool
    @usableFromInline init<Parent, Value>(member: WritableKeyPath<Parent, Value> & Sendable) {
        let offset = MemoryLayout<Parent>.offset(of: member)
        (key, kind, isRemovable) = (.member(member, offset: offset), offset == nil ? .computed : .stored, false)
    }
    @usableFromInline init<Position: Hashable & Sendable>(key: Position, isRemovable: Bool = false) {
        self.key = if let position = key as? Int { .position(position) } else { .other(AnyHashableSendable(base: key)) }
        (kind, self.isRemovable) = (.element, isRemovable)
    }
    @usableFromInline static func == (lhs: PathStep, rhs: PathStep) -> Bool { lhs.key == rhs.key }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A hashable value of any `Sendable` type (`AnyHashable` is not `Sendable`).
struct AnyHashableSendable: Hashable, Sendable {
    let base: any Hashable & Sendable
    static func == (lhs: Self, rhs: Self) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }
    func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}
