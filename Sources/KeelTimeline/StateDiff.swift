import Keel
/// One difference between two values, as a person reads it: where it is,
/// what it was and what it became.
public struct StateChange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where, from the compared values' root: `books[3].isRead`, `tags["swift"]`.
    public let path: String
    /// What it was; `nil` when it was inserted.
    public let old: String?
    /// What it became; `nil` when it was removed.
    public let new: String?

    /// Creates a change at `path` from `old` to `new`.
    public init(path: String, old: String?, new: String?) {
        (self.path, self.old, self.new) = (path, old, new)
    }

    /// One line: `path: old → new`, or what was inserted or removed.
    public var description: String {
        switch (old, new) {
        case let (old?, new?): "\(path): \(old) → \(new)"
        case let (nil, new?): "\(path): inserted \(new)"
        case let (old?, nil): "\(path): removed \(old)"
        case (nil, nil): path
        }
    }
}

/// The differences between two values, part by part.
///
/// Properties, enum payloads, optionals, array elements (inserted, removed
/// or changed), set members and dictionary values are compared one by one,
/// so a change reads `books[3].isRead: false → true`, not as two dumps of
/// the whole state. A value that describes itself (it is
/// `CustomStringConvertible`, `CustomDebugStringConvertible` or
/// `CustomReflectable`, such as a secret that redacts itself) is shown by its
/// description and never looked into; `Loadable` is looked into.
public enum StateDiff {
    /// The changes from `old` to `new`, their paths starting with `root`.
    public static func changes<Value>(from old: Value, to new: Value, root: String = "") -> [StateChange] {
        var changes: [StateChange] = []
        compare(old, new, at: root, into: &changes)
        return changes
    }

    /// How a value reads in a change: strings quoted, self-describing values
    /// by their description, other values with their parts, as Swift prints
    /// them, but the same from one run to the next: a dictionary's entries
    /// and a set's members sorted (Swift prints them in hash order, which
    /// changes with each process), so that a record replays.
    public static func render(_ value: Any) -> String {
        if let string = value as? String { return String(reflecting: string) }
        let mirror = Mirror(reflecting: value)
        let parts = { mirror.children.map { render($0.value) } }
        switch mirror.displayStyle {
        case .optional: return mirror.children.first.map { render($0.value) } ?? "nil"
        case .collection: return "[\(parts().joined(separator: ", "))]"
        case .set: return "Set([\(parts().sorted().joined(separator: ", "))])"
        case .dictionary:
            let entries = entries(mirror).map { "\($0.key): \(render($0.value))" }.sorted()
            return entries.isEmpty ? "[:]" : "[\(entries.joined(separator: ", "))]"
        case .tuple:
            return "(" + mirror.children.map { child in
                let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
                return (label.map { "\($0): " } ?? "") + render(child.value)
            }.joined(separator: ", ") + ")"
        case .enum where isLookedInto(value, mirror):
            guard let payload = mirror.children.first else { return String(describing: value) }
            let inner = render(payload.value)
            return (payload.label ?? "") + (Mirror(reflecting: payload.value).displayStyle == .tuple ? inner : "(\(inner))")
        case .struct where isLookedInto(value, mirror):
            let fields = mirror.children.map { "\($0.label ?? ""): \(render($0.value))" }
            return "\(String(describing: type(of: value)))(\(fields.joined(separator: ", ")))"
        default: return String(describing: value)
        }
    }

    /// What a change adds to a value that describes itself alike before and after.
    static let unseenChange = " (changed where its description does not show)"

    /// The most characters a change keeps of a value: a whole list inserted
    /// (250 countries) would otherwise weigh hundreds of kilobytes in every
    /// export and replay.
    static let longestValue = 2_000

    /// A value as a change shows it: rendered, and past ``longestValue``
    /// characters cut, with its length and a digest of the whole, so that
    /// two values that differ anywhere still read differently.
    static func shown(_ value: Any) -> String {
        let text = render(value)
        guard text.count > longestValue else { return text }
        // FNV-1a, 64 bits: a checksum that reads the same in every process (`hashValue` does not).
        let digest = text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        return "\(text.prefix(longestValue))… (\(text.count) characters, digest \(String(digest, radix: 16)))"
    }

    private static func compare(_ old: Any, _ new: Any, at path: String, into changes: inout [StateChange]) {
        if areEqual(old, new) == true { return }
        let (oldMirror, newMirror) = (Mirror(reflecting: old), Mirror(reflecting: new))
        guard type(of: old) == type(of: new), isLookedInto(old, oldMirror) else {
            // A value that describes itself alike before and after (a redacted
            // one) changed where its description does not show: it says so,
            // rather than print the same text on both sides.
            let (before, after) = (shown(old), shown(new))
            return changes.append(StateChange(path: path, old: before, new: before == after ? after + Self.unseenChange : after))
        }
        switch oldMirror.displayStyle {
        case .optional:
            if let old = oldMirror.children.first?.value, let new = newMirror.children.first?.value {
                compare(old, new, at: path, into: &changes)
            } else {
                changes.append(StateChange(path: path, old: shown(old), new: shown(new)))
            }
        case .collection:
            compareElements(oldMirror.children.map(\.value), newMirror.children.map(\.value), at: path, into: &changes)
        case .set:
            let (oldMembers, newMembers) = (members(oldMirror), members(newMirror))
            for (key, value) in oldMembers.sorted(by: { $0.key < $1.key }) where newMembers[key] == nil {
                changes.append(StateChange(path: path, old: shown(value), new: nil))
            }
            for (key, value) in newMembers.sorted(by: { $0.key < $1.key }) where oldMembers[key] == nil {
                changes.append(StateChange(path: path, old: nil, new: shown(value)))
            }
        case .dictionary:
            let (oldEntries, newEntries) = (entries(oldMirror), entries(newMirror))
            for key in Set(oldEntries.keys).union(newEntries.keys).sorted() {
                let keyPath = "\(path)[\(key)]"
                switch (oldEntries[key], newEntries[key]) {
                case let (old?, new?): compare(old, new, at: keyPath, into: &changes)
                case let (old?, nil): changes.append(StateChange(path: keyPath, old: shown(old), new: nil))
                case let (nil, new?): changes.append(StateChange(path: keyPath, old: nil, new: shown(new)))
                case (nil, nil): break
                }
            }
        case .enum:
            // The same case: its payload; another case: the whole values.
            guard let oldCase = oldMirror.children.first, let newCase = newMirror.children.first, oldCase.label == newCase.label else {
                return changes.append(StateChange(path: path, old: shown(old), new: shown(new)))
            }
            compare(oldCase.value, newCase.value, at: "\(path).\(oldCase.label ?? "")", into: &changes)
        default:
            let before = changes.count
            for (oldChild, newChild) in zip(oldMirror.children, newMirror.children) {
                let name = oldChild.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? ""
                compare(oldChild.value, newChild.value, at: path.isEmpty ? name : "\(path).\(name)", into: &changes)
            }
            // Values that differ where no part does (a class's identity, a leaf): the whole values.
            if changes.count == before { changes.append(StateChange(path: path, old: shown(old), new: shown(new))) }
        }
    }

    /// Elements inserted, removed, or changed in place (an element removed
    /// and another inserted at the same position): compared part by part.
    private static func compareElements(_ old: [Any], _ new: [Any], at path: String, into changes: inout [StateChange]) {
        let difference = new.difference(from: old) { areEqual($0, $1) == true }
        var removed: [Int: Any] = [:], inserted: [Int: Any] = [:]
        for change in difference {
            switch change {
            case let .remove(offset, element, _): removed[offset] = element
            case let .insert(offset, element, _): inserted[offset] = element
            }
        }
        for offset in Set(removed.keys).union(inserted.keys).sorted() {
            switch (removed[offset], inserted[offset]) {
            case let (old?, new?): compare(old, new, at: "\(path)[\(offset)]", into: &changes)
            case let (old?, nil): changes.append(StateChange(path: "\(path)[\(offset)]", old: shown(old), new: nil))
            case let (nil, new?): changes.append(StateChange(path: "\(path)[\(offset)]", old: nil, new: shown(new)))
            case (nil, nil): break
            }
        }
    }

    /// Whether a value is compared part by part rather than shown whole.
    private static func isLookedInto(_ value: Any, _ mirror: Mirror) -> Bool {
        switch mirror.displayStyle {
        case .optional, .collection, .set, .dictionary, .tuple: true
        case .struct, .class, .enum:
            value is any LoadableValue
                || !(value is CustomStringConvertible || value is CustomDebugStringConvertible || value is CustomReflectable)
        default: false
        }
    }

    private static func members(_ mirror: Mirror) -> [String: Any] {
        Dictionary(mirror.children.map { (render($0.value), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    private static func entries(_ mirror: Mirror) -> [String: Any] {
        Dictionary(mirror.children.compactMap { entry -> (String, Any)? in
            let pair = Array(Mirror(reflecting: entry.value).children)
            return pair.count == 2 ? (render(pair[0].value), pair[1].value) : nil
        }, uniquingKeysWith: { first, _ in first })
    }
}

/// `==` of two values of any type, when they are of one `Equatable` type.
func areEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let lhs = lhs as? any Equatable else { return nil }
    return lhs.isEqual(toAny: rhs)
}

extension Equatable {
    fileprivate func isEqual(toAny other: Any) -> Bool { (other as? Self).map { $0 == self } ?? false }
}

/// A `Loadable`, whatever its value: the diff looks into it although it describes itself.
protocol LoadableValue {}
extension Loadable: LoadableValue {}
