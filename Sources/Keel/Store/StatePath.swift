/// A path to a slice of a state value, built one step at a time.
///
/// You don't create a `StatePath` directly. Store APIs that name a slice take a
/// closure that receives the path to the whole state and navigates from it,
/// with the same syntax you would use on the state value itself:
///
/// ```swift
/// appState.read { $0.settings.showsRegion }
/// store.update(at: { $0.countries[3] }) { $0.population += 1 }
/// ```
///
/// Each step is a property (through dynamic member lookup), an element of a
/// `MutableCollection` by position, or a value of a `Dictionary` by key.
/// Because the store sees every step, it can tell which slices a change can
/// affect without comparing all the others: an update of `countries[3]` never
/// looks at the observers of `countries[4]` or of `settings`.
///
/// Only writable properties can be steps, so that one path serves reading and
/// writing. To observe a derived value such as a count, observe its source
/// (`$0.countries`) and derive it where you read it.
@dynamicMemberLookup
public struct StatePath<Root, Value> {
    /// Reads and writes this slice in a root value; through its parents, it
    /// also holds the steps from the root, which identify the slice.
    ///
    /// The path builds it step by step as it is written, so that a store
    /// reads and writes the slice with objects just made, whichever slices
    /// are observed.
    @usableFromInline
    let accessor: SliceAccessor<Root, Value>

    /// Makes the path that `accessor` reads and writes.
    ///
    /// The subscripts that extend a path are inlinable, so that the accessors
    /// they make are of types the caller knows: making one of a type only
    /// known at run time costs a lookup of its metadata on every step.
    @usableFromInline
    init(accessor: SliceAccessor<Root, Value>) {
        self.accessor = accessor
    }

    /// The path to a property of this slice.
    @inlinable
    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> StatePath<Root, Member> {
        StatePath<Root, Member>(accessor: MemberAccessor(parent: accessor, keyPath: keyPath))
    }
}

extension StatePath where Root == Value {
    /// The path to the whole state, read and written by `accessor`.
    init(root accessor: RootAccessor<Root>) {
        self.init(accessor: accessor)
    }
}

extension StatePath where Value: MutableCollection, Value.Index: Hashable {
    /// The path to the element at `position` of this collection.
    ///
    /// The store treats elements at different positions as separate slices.
    @inlinable
    public subscript(position: Value.Index) -> StatePath<Root, Value.Element> {
        StatePath<Root, Value.Element>(accessor: ElementAccessor(parent: accessor, position: position))
    }
}

extension StatePath {
    /// The path to the value stored under `key` in this dictionary (`nil` when absent).
    ///
    /// The store treats values under different keys as separate slices.
    @inlinable
    public subscript<Key: Hashable, Element>(key: Key) -> StatePath<Root, Element?> where Value == [Key: Element] {
        StatePath<Root, Element?>(accessor: DictionaryValueAccessor(parent: accessor, key: key))
    }
}

/// One step of a ``StatePath``.
///
/// Steps are not generic, so that the store's trie of observed slices runs
/// without generic metadata lookups.
struct PathStep {
    /// What a step addresses, as far as overlap between slices is concerned.
    enum Kind {
        /// A stored property: distinct stored properties never share storage.
        case stored
        /// A computed property (or one with observers): it may depend on anything in its parent.
        case computed
        /// An element of a collection: distinct positions or keys never share storage.
        case element
    }

    /// The identity of a step among its siblings.
    enum Key: Hashable {
        /// A property, by its one-component key path (and its offset when stored,
        /// which makes hashing cheap; see ``hash(into:)``).
        case member(AnyKeyPath, offset: Int?)
        /// An element at an `Int` position (arrays), kept unboxed because it is the common case.
        case position(Int)
        /// An element at any other position, or a dictionary value by key
        /// (boxed, so that a key takes no more room than a reference and an offset).
        indirect case element(AnyHashable)

        init<Position: Hashable>(position: Position) {
            if let int = position as? Int {
                self = .position(int)
            } else {
                self = .element(AnyHashable(position))
            }
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            switch (lhs, rhs) {
            case let (.member(lhs, _), .member(rhs, _)): lhs == rhs
            case let (.position(lhs), .position(rhs)): lhs == rhs
            case let (.element(lhs), .element(rhs)): lhs == rhs
            default: false
            }
        }

        /// Hashes a property by its key path's type and stored offset rather
        /// than by its components, which is several times faster; equal key
        /// paths have equal types and offsets, so equal keys hash alike.
        func hash(into hasher: inout Hasher) {
            switch self {
            case let .member(keyPath, offset):
                hasher.combine(0)
                hasher.combine(ObjectIdentifier(type(of: keyPath)))
                hasher.combine(offset)
            case let .position(position):
                hasher.combine(1)
                hasher.combine(position)
            case let .element(element):
                hasher.combine(2)
                hasher.combine(element)
            }
        }
    }

    let key: Key
    let kind: Kind
}
