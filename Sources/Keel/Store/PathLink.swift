/// A step of a path, whatever its slice's type, as the trie sees it.
@usableFromInline
protocol PathLink<Root>: AnyObject, Sendable {
    associatedtype Root
    var parent: (any PathLink<Root>)? { get }
    var step: PathStep? { get }
    /// The ``Children`` that compare the slices below this one within its value.
    func makeChildren() -> any ChildComparisons
    /// The ``Relative`` that compares this slice within its parent's value.
    func makeRelative() -> AnyObject
}

/// A path as the store reads and writes its slice: the whole state (``RootLink``) or a step below (``StepLink``).
@usableFromInline
protocol SliceLink<Root, Value>: PathLink {
    associatedtype Value
    /// What readers see of the slice in `root`; an element past the end traps, as an array does.
    func read(_ root: Root) -> Value
    /// Hands the slice in `root` to `body`, or returns `false` when it is missing; when `reading`, a dictionary's
    /// missing value is handed over as `nil`, as readers see it.
    func visit(_ root: Root, reading: Bool, _ body: (Value) -> Void) -> Bool
    /// Changes the slice in place; `false` when it is missing and cannot be written.
    func modify(_ root: inout Root, _ body: (inout Value) -> Void) -> Bool
}
extension PathLink {
    /// The steps from the root to this slice.
    var steps: [PathStep] {
        var steps: [PathStep] = [], link: (any PathLink<Root>)? = self
        while let current = link, let step = current.step {
            steps.insert(step, at: 0)
            link = current.parent
        }
        return steps
    }
}

/// The whole state, where every path starts.
final class RootLink<State>: SliceLink {
    let parent: (any PathLink<State>)? = nil, step: PathStep? = nil
    func read(_ root: State) -> State { root }
    func visit(_ root: State, reading: Bool, _ body: (State) -> Void) -> Bool { body(root); return true }
    func modify(_ root: inout State, _ body: (inout State) -> Void) -> Bool { body(&root); return true }
    func makeChildren() -> any ChildComparisons { Children(self) }
    func makeRelative() -> AnyObject { preconditionFailure("The whole state is no child") }
}

/// A step below another: its key, and three functions of its kind that work in the parent's value, made by
/// ``StatePath``'s inlinable subscripts without captures: one object a step.
@usableFromInline
final class StepLink<Root, Parent, Key: Sendable, Value>: SliceLink {
    private let base: any SliceLink<Root, Parent>, key: Key
    @usableFromInline let step: PathStep?
    private let get: @Sendable (Parent, Key) -> Value
    private let find: @Sendable (Parent, Key, _ reading: Bool, (Value) -> Void) -> Bool
    private let change: @Sendable (inout Parent, Key, (inout Value) -> Void) -> Bool
    @usableFromInline init(
        base: any SliceLink<Root, Parent>, key: Key, step: PathStep, read: @escaping @Sendable (Parent, Key) -> Value,
        visit: @escaping @Sendable (Parent, Key, Bool, (Value) -> Void) -> Bool, modify: @escaping @Sendable (inout Parent, Key, (inout Value) -> Void) -> Bool
    ) { (self.base, self.key, self.step, get, find, change) = (base, key, step, read, visit, modify) }
    @usableFromInline var parent: (any PathLink<Root>)? { base }
    @usableFromInline func read(_ root: Root) -> Value { get(base.read(root), key) }
    @usableFromInline func visit(_ root: Root, reading: Bool, _ body: (Value) -> Void) -> Bool {
        var isThere = false
        return base.visit(root, reading: reading) { isThere = find($0, key, reading, body) } && isThere
    }
    @usableFromInline func modify(_ root: inout Root, _ body: (inout Value) -> Void) -> Bool {
        var isThere = false
        return base.modify(&root) { isThere = change(&$0, key, body) } && isThere
    }
    @usableFromInline func makeChildren() -> any ChildComparisons { Children(self) }
    @usableFromInline func makeRelative() -> AnyObject { Relative<Parent> { [find, key] in find($0, key, false, $1) } }
}

/// Where a step leads: a key among its siblings, and its ``Kind``.
@usableFromInline
struct PathStep: Hashable, Sendable {
    /// A stored property, a computed one, an element or a dictionary's value (see the rules in ``StoreCore``).
    enum Kind: Int, Sendable { case stored, computed, element }
    /// A property (its key path, and its offset when stored), an array's position, a string (unboxed), any other key.
    enum Key: Hashable, Sendable {
        case member(AnyKeyPath & Sendable, offset: Int?), position(Int), text(String), other(AnyHashableSendable)
        /// Two stored properties of one type at one offset are one storage: compared and hashed by those (fast).
        func hash(into hasher: inout Hasher) {
            switch self {
            case let .member(keyPath, offset?): hasher.combine(ObjectIdentifier(type(of: keyPath))); hasher.combine(offset)
            case let .member(keyPath, nil): hasher.combine(keyPath as AnyKeyPath)
            case let .position(position): hasher.combine(position)
            case let .text(text): hasher.combine(text)
            case let .other(key): hasher.combine(key)
            }
        }
        static func == (lhs: Key, rhs: Key) -> Bool {
            switch (lhs, rhs) {
            case let (.member(lhs, lhsOffset?), .member(rhs, rhsOffset?)): type(of: lhs) == type(of: rhs) && lhsOffset == rhsOffset
            case let (.member(lhs, _), .member(rhs, _)): lhs as AnyKeyPath == rhs as AnyKeyPath
            case let (.position(lhs), .position(rhs)): lhs == rhs
            case let (.text(lhs), .text(rhs)): lhs == rhs
            case let (.other(lhs), .other(rhs)): lhs == rhs
            default: false
            }
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
        self.key = if let position = key as? Int { .position(position) } else if let text = key as? String { .text(text) } else { .other(AnyHashableSendable(key)) }
        (kind, self.isRemovable) = (.element, isRemovable)
    }
    @usableFromInline static func == (lhs: PathStep, rhs: PathStep) -> Bool { lhs.key == rhs.key }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A hashable value of any `Sendable` type (`AnyHashable` is not one), boxed so that a ``PathStep`` copies cheaply.
final class AnyHashableSendable: Hashable, Sendable {
    let base: any Hashable & Sendable
    init(_ base: any Hashable & Sendable) { self.base = base }
    static func == (lhs: AnyHashableSendable, rhs: AnyHashableSendable) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }
    func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}
