import Foundation

/// One entry of a store's timeline: what asked for it, when, and what it
/// changed in the state.
///
/// Entries are recorded only by a store made with a timeline
/// (`MutableStore.init(_:timeline:)`); their ``changes`` are worked out
/// when someone reads `MutableStore.timeline`, not when they are recorded.
public struct TimelineEntry: Sendable, Codable, Hashable, Identifiable, CustomStringConvertible {
    /// What asked for an entry.
    public enum Cause: Sendable, Codable, Hashable {
        /// An update, by the function that made it (a usecase, by default the
        /// caller's `#function`), in a file (`#fileID`).
        case update(usecase: String, file: String)
        /// An event a screen's view model was sent (`Store.record(_:from:)`),
        /// as it describes itself; with the event as JSON when it is
        /// `Encodable`, for a replay (KeelTesting's `TimelineReplay`).
        case event(String, screen: String, json: String? = nil)
        /// A source outside the app (the clock) answered a usecase: recorded
        /// as JSON for a replay to answer the same (`MutableStore.recording(_:_:)`).
        case answer(String, source: String, json: String)
    }

    /// The entry's number in its store's timeline, from 1.
    public let id: Int
    /// What asked for it.
    public let cause: Cause
    /// When it was recorded.
    public let date: Date
    /// How long the update's closure ran, the store locked.
    public let duration: Duration
    /// What it changed, slice by slice; empty for an event.
    public let changes: [StateChange]

    /// Creates an entry (the store records them; a viewer decodes them).
    public init(id: Int, cause: Cause, date: Date, duration: Duration, changes: [StateChange]) {
        (self.id, self.cause, self.date, self.duration, self.changes) = (id, cause, date, duration, changes)
    }

    /// Whether `text` (trimmed; empty matches every entry) is in the entry's
    /// usecase, file, action, screen or a changed slice's path, in any case:
    /// the filter of a timeline's viewers.
    public func matches(_ text: String) -> Bool {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return true }
        let cause = switch cause {
        case let .update(usecase, file): [usecase, file]
        case let .event(event, screen, _): [event, screen]
        case let .answer(answer, source, _): [answer, source]
        }
        return (cause + changes.map(\.path)).contains { $0.range(of: text, options: .caseInsensitive) != nil }
    }

    /// What asked for the entry, in a few words: `searchCountries(_:)`, or
    /// `List sent search("kor")`.
    public var title: String {
        switch cause {
        case let .update(usecase, _): usecase
        case let .event(event, screen, _): "\(screen) sent \(event)"
        case let .answer(answer, source, _): "\(source) answered \(answer)"
        }
    }

    /// One line per entry: `searchCountries(_:) → countries.loaded[0].name: "Korea" → "Kenya"`.
    public var description: String {
        changes.isEmpty ? title : "\(title) → \(changes.map(\.description).joined(separator: "; "))"
    }

    /// How long the update took, in milliseconds, as a person reads it: `0.042 ms`.
    public var durationText: String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.3f ms", Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
    }
}
