/// What a store tells of each change as it makes it, and of each event a
/// view model records: the timeline (`KeelTimeline`) is one. A store has at
/// most one, given at its creation (``MutableStore/init(_:tap:)``).
public protocol StoreTap<State>: Sendable {
    associatedtype State: Sendable
    /// A change was written. Called with the store locked: keep it short, and never use the store.
    func record(_ change: StoreChange<State>)
    /// A view model was sent `event` (``Store/record(_:from:)``).
    func record(event: any Sendable, from screen: String)
}

/// One change a store made, as its ``StoreTap`` is told of it.
public struct StoreChange<State: Sendable>: Sendable {
    /// The function that wrote it (a usecase's, by default the caller's `#function`), and its `#fileID`.
    public let usecase: String, file: String
    /// Where it wrote, as a person writes it (`books[3].isRead`); empty for the whole state.
    /// Worked out when asked: a tap that records changes reads it only when someone looks.
    public var path: String { link?.pathDescription ?? "" }
    /// The path written, or `nil` for the whole state.
    private let link: (any PathLink<State>)?
    /// The slice before and after the change (the whole state, for a write through a computed property).
    public let old: any Sendable, new: any Sendable
    /// How long the update's closure ran, the store locked.
    public let duration: Duration
    /// Writes into a state the slice as it was before the change (`after` false) or after it.
    public let restore: @Sendable (_ state: inout State, _ after: Bool) -> Void

    /// A write of `new` over `old` at `link`; `states`, the whole states, when the store kept the old one.
    init<Slice: Sendable>(
        _ link: any SliceLink<State, Slice>, from old: Slice, to new: Slice, states: (old: State, new: State)?,
        caller: (usecase: String, file: String), duration: Duration
    ) {
        (usecase, file, self.duration) = (caller.usecase, caller.file, duration)
        // A computed property has no name to show, and may write anything: the change is the whole states'.
        if let states, link.steps.contains(where: { $0.kind == .computed }) {
            (self.link, self.old, self.new) = (nil, states.old, states.new)
            restore = { state, after in state = after ? states.new : states.old }
        } else {
            (self.link, self.old, self.new) = (link, old, new)
            restore = { state, after in _ = link.modify(&state) { $0 = after ? new : old } }
        }
    }
}

extension Store {
    /// Tells the store's tap (its timeline, when it keeps one) that the screen
    /// `screen` was sent `event`: a view model calls it from `send(_:)`. An
    /// event that carries a secret must describe itself redacted.
    public func record(_ event: some Sendable, from screen: String) { core.tap?.record(event: event, from: screen) }
    /// What the store tells of its changes, if anything.
    package var tap: (any StoreTap<State>)? { core.tap }
}

extension MutableStore {
    /// Changes the whole state without telling the tap: a timeline's rewind.
    package func untappedUpdate(_ body: (inout State) -> Void) { core.update(core.rootPath, body) }
    /// What the store tells of its changes, if anything.
    package var tap: (any StoreTap<State>)? { core.tap }
}

extension PathLink {
    /// The path as a person writes it: `books[3].isRead`, `tags["swift"]`.
    var pathDescription: String {
        steps.map { step in
            switch step.key {
            case let .member(keyPath, _):
                let name = "\(keyPath)", prefix = "\\\(type(of: keyPath).rootType)."
                return "." + (name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : String(name.split(separator: ".").last ?? ""))
            case let .position(position): return "[\(position)]"
            case let .text(text): return "[\(String(reflecting: text))]"
            case let .other(key): return "[\(key.base)]"
            }
        }.joined().trimmingPrefix(".").description
    }
}
