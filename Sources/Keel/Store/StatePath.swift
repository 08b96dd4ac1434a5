/// A path to a slice of a state value, written as you would reach the slice in
/// the value (`appState.read { $0.settings.showsRegion }`): a writable property,
/// an element of a `MutableCollection`, a dictionary's value. The store sees
/// each step, so it knows which slices a change can reach: an update of
/// `items[3]` never looks at `items[4]`.
///
/// A slice can be *missing*: an element past the end, a dictionary's value
/// under an absent key, anything below either. Going missing or coming back is
/// a change. Reading a missing element traps, as an array does; a dictionary's
/// missing value reads as `nil`.
@dynamicMemberLookup
public struct StatePath<Root, Value>: Sendable {
    /// The last step; it knows the ones before it.
    @usableFromInline let link: SliceLink<Root, Value>
    @usableFromInline init(link: SliceLink<Root, Value>) { self.link = link }

    // The subscripts are inlinable: the closures of a step are compiled for the
    // caller's types, and run without generic overhead.
    /// The path to a property of this slice.
    @inlinable public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable) -> StatePath<Root, Member> {
        let parent = link
        return StatePath<Root, Member>(link: SliceLink(
            parent: parent, step: PathStep(member: keyPath),
            visit: { root, reading, body in parent.visit(root, reading) { body($0[keyPath: keyPath]) } },
            modify: { root, body in parent.modify(&root) { body(&$0[keyPath: keyPath]) } },
            relative: { Relative { (old: Value, new: Value, body: (Member, Member) -> Void) in
                body(old[keyPath: keyPath], new[keyPath: keyPath])
                return (true, true)
            } }))
    }

    /// The path to the value under `key`: `nil`, and missing, while the key is absent.
    @inlinable public subscript<Key: Hashable & Sendable, Element>(key: Key) -> StatePath<Root, Element?>
    where Value == [Key: Element] {
        let parent = link
        return StatePath<Root, Element?>(link: SliceLink(
            parent: parent, step: PathStep(key: key, isRemovable: true),
            visit: { root, reading, body in
                var isThere = false
                _ = parent.visit(root, reading) { dictionary in
                    isThere = dictionary[key] != nil || reading
                    if isThere { body(dictionary[key]) }
                }
                return isThere
            },
            modify: { root, body in parent.modify(&root) { body(&$0[key]) } },
            relative: { Relative { (old: Value, new: Value, body: (Element?, Element?) -> Void) in
                if let old = old[key], let new = new[key] { body(old, new) }
                return (old[key] != nil, new[key] != nil)
            } }))
    }
}

extension StatePath where Value: MutableCollection & SendableMetatype, Value.Index: Hashable & Sendable {
    /// The path to the element at `position`: missing once the collection is shorter.
    @inlinable public subscript(position: Value.Index) -> StatePath<Root, Value.Element> {
        let parent = link
        return StatePath<Root, Value.Element>(link: SliceLink(
            parent: parent, step: PathStep(key: position),
            visit: { root, reading, body in
                var isThere = false
                _ = parent.visit(root, reading) { collection in
                    isThere = collection.startIndex <= position && position < collection.endIndex
                    if isThere { body(collection[position]) }
                }
                return isThere
            },
            modify: { root, body in
                var isThere = false
                _ = parent.modify(&root) { collection in
                    isThere = collection.startIndex <= position && position < collection.endIndex
                    if isThere { body(&collection[position]) }
                }
                return isThere
            },
            relative: { Relative { (old: Value, new: Value, body: (Value.Element, Value.Element) -> Void) in
                let there = (old.startIndex <= position && position < old.endIndex, new.startIndex <= position && position < new.endIndex)
                if there == (true, true) { body(old[position], new[position]) }
                return there
            } }))
    }
}
