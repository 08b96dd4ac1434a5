import Foundation
import Keel
import KeelTimeline

/// What the timeline page shows, read from a `TimelineViewModel` (KeelTimeline) on
/// the main actor: plain values the templates render anywhere.
struct TimelineFields: Equatable, Sendable {
    /// One entry, newest first on the page.
    struct Entry: Equatable, Sendable {
        let id: Int
        let title: String
        /// The usecase's file; empty for an action.
        let file: String
        let time: String
        let duration: String
        let changes: [Change]
        /// Whether the app shows this entry's state.
        let isCurrent: Bool
        let isSelected: Bool
        /// Whether a rewind to this entry is offered (not for the one shown, the page's style says).
        let canRewind: Bool
        /// Whether a screen sent it: the updates that followed it are listed under it.
        let isAction: Bool
        /// The rows of the updates that followed the action, newest first.
        var followed: [Entry] = []
        /// The entries of the same work folded into this one ("and 3 more alike"), if any.
        var repeats: String?
        var repeatCount = 0
        /// For a live connection's new entry: the action it goes under, or the entry it folds into.
        var inAction: Int?
        var foldedInto: Int?
    }

    /// Entries an update after a rewind set aside (`TimelineBranch`), to read.
    struct Branch: Equatable, Sendable {
        let from: Int
        let summary: String
        let entries: [Entry]
    }

    /// One slice an entry changed.
    struct Change: Equatable, Sendable {
        let path: String
        let old: String
        let new: String
    }

    let entries: [Entry]
    /// What updates after rewinds set aside, newest first.
    let branches: [Branch]
    let filter: String
    /// The filter, percent-encoded for a URL's query.
    let filterQuery: String
    let isShowingFile: Bool
    let message: String?
    /// "the latest", or the entry a rewind left the app at.
    let position: String
    /// Whether the app's state may be moved from this page (it is rewound).
    let canRewind: Bool
    /// The viewer's key, which every link and form of its pages carries (``TimelinePages``).
    let key: String
    /// The newest entry's id: the page's live connection sends what comes after it.
    let newest: Int

    fileprivate static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true).time(includingFractionalSeconds: true)

    @MainActor
    init(_ viewer: TimelineViewModel, key: String) {
        entries = viewer.rows.reversed().map { Entry($0, current: viewer.current, selection: viewer.selection, canRewind: viewer.canRewind) }
        branches = viewer.timeline.branches.reversed().map { branch in
            let count = branch.entries.count == 1 ? "1 entry" : "\(branch.entries.count) entries"
            return Branch(
                from: branch.from,
                summary: "Set aside after #\(branch.from): \(count) the app had made before it was rewound there and changed again",
                entries: branch.entries.reversed().map { Entry($0, current: nil, selection: viewer.selection, canRewind: false) })
        }
        filter = viewer.filter
        filterQuery = viewer.filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        isShowingFile = viewer.isShowingFile
        message = viewer.message
        position = Self.position(viewer.timeline.position)
        canRewind = viewer.canRewind && viewer.timeline.position != nil
        self.key = key
        newest = viewer.timeline.entries.last?.id ?? 0
    }

    /// How the page says where the app's state is.
    static func position(_ position: Int?) -> String {
        position.map { "entry #\($0)" } ?? "the latest entry"
    }
}

extension TimelineFields.Entry {
    /// `entry` as a page shows it.
    init(_ entry: TimelineEntry, current: Int?, selection: Int?, canRewind: Bool) {
        let file: String = if case let .update(_, file) = entry.cause { file } else { "" }
        self.init(
            id: entry.id, title: entry.title, file: file,
            time: entry.date.formatted(TimelineFields.timeFormat), duration: entry.durationText,
            changes: entry.changes.map { TimelineFields.Change(path: $0.path, old: $0.old ?? "(none)", new: $0.new ?? "(none)") },
            isCurrent: entry.id == current, isSelected: entry.id == selection, canRewind: canRewind, isAction: entry.isAction)
    }

    /// `row` as a page shows it: its entry, the rows under it, the work folded into it.
    init(_ row: TimelineRow, current: Int?, selection: Int?, canRewind: Bool) {
        self.init(row.entry, current: current, selection: selection, canRewind: canRewind)
        followed = row.followed.reversed().map { Self($0, current: current, selection: selection, canRewind: canRewind) }
        repeatCount = row.repeats.count
        repeats = row.repeats.last.map { Self.repeats(row.repeats.count, to: $0.id) }
    }

    /// How a row says what was folded into it (the page's script says it alike as entries come).
    static func repeats(_ count: Int, to last: Int) -> String {
        "and \(count) more alike, to #\(last)"
    }
}

/// What a live connection sends when entries come: them, with what their forms carry.
struct NewTimelineEntries: Sendable {
    let entries: [TimelineFields.Entry]
    let key: String
    let filter: String
}

/// Where the app's state is, for the page's banner (`timeline-position`).
struct TimelinePosition: Sendable {
    let position: String
    let canRewind: Bool
    let key: String
    let filter: String
}
