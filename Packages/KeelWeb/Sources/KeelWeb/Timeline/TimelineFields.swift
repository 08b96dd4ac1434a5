import Foundation
import Keel

/// What the timeline page shows, read from a ``Keel/TimelineViewModel`` on
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
        /// Whether a rewind to this entry is offered.
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
    /// Whether the app's state may be moved from this page.
    let canRewind: Bool
    /// The viewer's key, which every link and form of its pages carries (``TimelinePages``).
    let key: String

    private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true).time(includingFractionalSeconds: true)

    @MainActor
    init(_ viewer: TimelineViewModel, key: String) {
        entries = viewer.entries.reversed().map { entry in
            let file: String = if case let .update(_, file) = entry.cause { file } else { "" }
            return Entry(
                id: entry.id, title: entry.title, file: file,
                time: entry.date.formatted(Self.timeFormat), duration: entry.durationText,
                changes: entry.changes.map { Change(path: $0.path, old: $0.old ?? "(none)", new: $0.new ?? "(none)") },
                isCurrent: entry.id == viewer.current, isSelected: entry.id == viewer.selection,
                canRewind: viewer.canRewind && entry.id != viewer.current)
        }
        filter = viewer.filter
        filterQuery = viewer.filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        isShowingFile = viewer.isShowingFile
        message = viewer.message
        position = viewer.timeline.position.map { "entry #\($0)" } ?? "the latest entry"
        canRewind = viewer.canRewind && viewer.timeline.position != nil
        self.key = key
    }
}
