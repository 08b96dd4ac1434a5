import Foundation
import Keel

/// A store's timeline: its last updates, oldest first, and where a rewind
/// left the state. Encode it as JSON to attach it to a bug report; decode it
/// to read it again.
public struct Timeline: Sendable, Codable, Hashable {
    /// The entries kept, oldest first.
    public var entries: [TimelineEntry]
    /// The entry whose state the store holds after `MutableStore.rewind(to:keeping:)`
    /// (0: the state before the first entry kept); `nil` at the latest.
    public var position: Int?
    /// What updates made after rewinds set aside, oldest first: kept to read.
    public var branches: [TimelineBranch]

    /// Creates a timeline of `entries`.
    public init(entries: [TimelineEntry] = [], position: Int? = nil, branches: [TimelineBranch] = []) {
        (self.entries, self.position, self.branches) = (entries, position, branches)
    }

    /// Decodes a timeline; one exported before branches were kept has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entries = try container.decode([TimelineEntry].self, forKey: .entries)
        position = try container.decodeIfPresent(Int.self, forKey: .position)
        branches = try container.decodeIfPresent([TimelineBranch].self, forKey: .branches) ?? []
    }

    /// Reads a timeline exported by ``json()``.
    ///
    /// - Throws: `DecodingError` when `data` is not one.
    public init(json data: Data) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try Date(decoder.singleValueContainer().decode(String.self), strategy: Self.dateFormat)
        }
        self = try decoder.decode(Timeline.self, from: data)
    }

    /// The timeline as JSON that people can read (dates in ISO 8601, to the
    /// millisecond), to attach to a bug report and open again with ``init(json:)``.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Self.dateFormat))
        }
        // Strings, numbers, dates and durations only: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    private static let dateFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}

/// The entries an update made after a rewind set aside: what the app did
/// after entry ``from`` before the state was rewound there. They are no
/// longer the state's history (a rewind cannot reach them), but nothing the
/// app did is dropped without a word: a viewer shows them, an export keeps them.
public struct TimelineBranch: Sendable, Codable, Hashable {
    /// The entry the state was rewound to when the branch was set aside.
    public var from: Int
    /// The entries set aside, oldest first.
    public var entries: [TimelineEntry]

    /// Creates a branch of `entries` after the entry `from`.
    public init(from: Int, entries: [TimelineEntry]) {
        (self.from, self.entries) = (from, entries)
    }
}

extension MutableStore {
    /// Creates a store holding `initialState`; with `timeline`, it keeps a
    /// `timeline` of its last `timeline` updates (at least one), for
    /// development; without, it records nothing, at no cost.
    public init(_ initialState: State, timeline: Int?) {
        self.init(initialState, tap: timeline.map { TimelineRecorder<State>(capacity: max(1, $0)) })
    }

    /// The timeline of a store made with `init(_:timeline:)`: its last
    /// updates and events, for development, with what asked for each, when,
    /// and what it changed, worked out now (an entry keeps the slice an
    /// update wrote, before and after, never a copy of the whole state).
    /// Empty for a store made without one, which records nothing, at no cost.
    public var timeline: Timeline { (tap as? TimelineRecorder<State>)?.timeline ?? Timeline() }

    /// Puts the state back as it was after the entry `id` (0: before the
    /// first entry kept), or forward again to a later one; every observer
    /// whose slice changes is notified as by an update. The next update
    /// sets the entries after `id` aside, as a branch (`Timeline/branches`).
    /// Does nothing without a timeline.
    ///
    /// `keep` puts back, in the same update, what no rewind may move: it gets
    /// the state as it is now and the rewound one to change (an app whose
    /// vault locked keeps it locked, so that a rewind never shows what the
    /// lock hid).
    public func rewind(to id: Int, keeping keep: (_ now: State, _ rewound: inout State) -> Void = { _, _ in }) {
        guard let recorder = tap as? TimelineRecorder<State> else { return }
        untappedUpdate { state in
            let now = state
            recorder.move(&state, to: id)
            keep(now, &state)
        }
    }
}

extension Store {
    /// The timeline of the store (`MutableStore.timeline`).
    public var timeline: Timeline { (tap as? TimelineRecorder<State>)?.timeline ?? Timeline() }

    /// A signal each time the timeline gains an entry or a rewind moves it,
    /// the first at once: a viewer reads `timeline` then. Signals that come
    /// while the viewer is busy make one. Ends at once for a store that
    /// keeps no timeline; otherwise when the task iterating it is cancelled.
    public var timelineChanges: AsyncStream<Void> {
        (tap as? TimelineRecorder<State>)?.changes() ?? AsyncStream { $0.finish() }
    }
}
