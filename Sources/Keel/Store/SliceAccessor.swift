/// Reads, writes and compares one slice of a root value, whatever its type.
///
/// The store keeps one per node of its trie, so that reading an observed
/// slice costs no more than calling two closures.
class AnySliceAccessor {
    /// Compares one slice in two roots, given pointers to the roots.
    typealias Comparator = (UnsafeRawPointer, UnsafeRawPointer) -> Bool

    /// Compares the slice in two roots; `nil` when the slice is not Equatable.
    let isEqual: Comparator?

    init(isEqual: Comparator?) {
        self.isEqual = isEqual
    }
}

/// Reads and writes a slice of type `Value` in a `Root`.
final class SliceAccessor<Root, Value>: AnySliceAccessor {
    /// Reads the slice.
    let get: (Root) -> Value
    /// Modifies the slice in place.
    let modify: (inout Root, (inout Value) -> Void) -> Void

    init(get: @escaping (Root) -> Value, modify: @escaping (inout Root, (inout Value) -> Void) -> Void) {
        self.get = get
        self.modify = modify
        super.init(isEqual: Self.comparator(get))
    }

    /// The accessor of the whole root.
    static func root() -> SliceAccessor<Root, Root> {
        SliceAccessor<Root, Root>(get: { $0 }, modify: { root, body in body(&root) })
    }

    private static func comparator(_ get: @escaping (Root) -> Value) -> Comparator? {
        guard let equatable = Value.self as? any Equatable.Type else { return nil }
        return comparator(equatable, get)
    }

    private static func comparator<Comparable: Equatable>(
        _: Comparable.Type, _ get: @escaping (Root) -> Value
    ) -> Comparator {
        // `Value` is `Comparable` (checked above), so both function types are the same type.
        let typed = unsafeBitCast(get, to: ((Root) -> Comparable).self)
        return { lhs, rhs in
            typed(lhs.assumingMemoryBound(to: Root.self).pointee) == typed(rhs.assumingMemoryBound(to: Root.self).pointee)
        }
    }
}
