/// A path to a slice of a state value, written as you would reach the slice in the value
/// (`appState.read { $0.settings.showsRegion }`): a writable property, an element of a `MutableCollection`, a
/// dictionary's value. The store sees each step: an update of `items[3]` never looks at `items[4]`.
///
/// A slice can be *missing*: an element past the end, a dictionary's value under an absent key, anything below
/// either. Going missing or coming back is a change. Reading a missing element traps, as an array does; a
/// dictionary's missing value reads as `nil`, and so does a property of an optional that is `nil`.
@dynamicMemberLookup
public struct StatePath<Root, Value>: Sendable {
    /// The last step; it knows the ones before it.
    @usableFromInline let link: any SliceLink<Root, Value>
    @usableFromInline init(link: any SliceLink<Root, Value>) { self.link = link }

    /// The path to a property of this slice.
    @inlinable public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable) -> StatePath<Root, Member> {
        StatePath<Root, Member>(link: StepLink(
            base: link, key: keyPath, step: PathStep(member: keyPath), read: { $0[keyPath: $1] },
            visit: { value, keyPath, _, body in body(value[keyPath: keyPath]); return true },
            modify: { value, keyPath, body in body(&value[keyPath: keyPath]); return true }))
    }

    /// The path to the value under `key`: `nil`, and missing, while the key is absent.
    @inlinable public subscript<Key: Hashable & Sendable, Element>(key: Key) -> StatePath<Root, Element?>
    where Value == [Key: Element] {
        StatePath<Root, Element?>(link: StepLink(
            base: link, key: key, step: PathStep(key: key, isRemovable: true), read: { $0[$1] },
            visit: { dictionary, key, reading, body in
                guard dictionary[key] != nil || reading else { return false }
                body(dictionary[key]); return true
            },
            modify: { dictionary, key, body in body(&dictionary[key]); return true }))
    }
    /// The path to a property of this optional slice's value, as `?.` reaches it (`$0.routing[scene].path`): `nil`,
    /// and missing, while the slice is `nil`. As with `?.`, a write does nothing then, nor does writing `nil`.
    @inlinable public subscript<Wrapped, Member>(dynamicMember keyPath: WritableKeyPath<Wrapped, Member> & Sendable) -> StatePath<Root, Member?>
    where Value == Wrapped? {
        StatePath<Root, Member?>(link: StepLink(
            base: link, key: keyPath, step: PathStep(member: keyPath), read: { $0?[keyPath: $1] },
            visit: { optional, keyPath, reading, body in
                guard let wrapped = optional else { if reading { body(nil) }; return reading }
                body(wrapped[keyPath: keyPath]); return true
            },
            modify: { optional, keyPath, body in
                var member = optional?[keyPath: keyPath]
                body(&member)
                guard let member, optional != nil else { return false }
                optional?[keyPath: keyPath] = member; return true
            }))
    }
    /// The path to an optional property of this optional slice's value, flattened as `?.` flattens it
    /// (`$0.routing[scene].sheet`); as above otherwise.
    @inlinable public subscript<Wrapped, Member>(dynamicMember keyPath: WritableKeyPath<Wrapped, Member?> & Sendable) -> StatePath<Root, Member?>
    where Value == Wrapped? {
        StatePath<Root, Member?>(link: StepLink(
            base: link, key: keyPath, step: PathStep(member: keyPath), read: { $0?[keyPath: $1] },
            visit: { optional, keyPath, reading, body in
                guard let wrapped = optional else { if reading { body(nil) }; return reading }
                body(wrapped[keyPath: keyPath]); return true
            },
            modify: { optional, keyPath, body in
                guard optional != nil else { return false }
                body(&optional![keyPath: keyPath]); return true
            }))
    }
}

extension StatePath where Value: MutableCollection & SendableMetatype, Value.Index: Hashable & Sendable {
    /// The path to the element at `position`: missing once the collection is shorter.
    @inlinable public subscript(position: Value.Index) -> StatePath<Root, Value.Element> {
        StatePath<Root, Value.Element>(link: StepLink(
            base: link, key: position, step: PathStep(key: position), read: { $0[$1] },
            visit: { collection, position, _, body in
                guard collection.startIndex <= position, position < collection.endIndex else { return false }
                body(collection[position]); return true
            },
            modify: { collection, position, body in
                guard collection.startIndex <= position, position < collection.endIndex else { return false }
                body(&collection[position]); return true
            }))
    }
}
