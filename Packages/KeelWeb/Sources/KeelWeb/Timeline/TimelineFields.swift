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
    }

    /// One slice an entry changed.
    struct Change: Equatable, Sendable {
        let path: String
        let old: String
        let new: String
    }

    let entries: [Entry]
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
        entries = viewer.entries.reversed().map { Entry($0, current: viewer.current, selection: viewer.selection, canRewind: viewer.canRewind) }
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
            isCurrent: entry.id == current, isSelected: entry.id == selection, canRewind: canRewind)
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
