import Foundation
import Keel
import Observation

/// The view model of a timeline viewer, which KeelWeb's page and KeelSwiftUI's
/// view both render: a store's timeline as it grows, filtered by usecase,
/// screen or slice, one entry selected with its changes, and a rewind to any
/// entry; or a timeline exported as JSON (a bug report's), to read.
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#timelineViewer -->
/// ```swift
/// let store = MutableStore(AppState(), timeline: 500)
/// let viewer = TimelineViewModel(store: store) // what KeelWeb's page and KeelSwiftUI's view render
/// store.update { $0.books = .loaded(books) }
/// viewer.send(.filter("books"))                // the entries of a usecase, a screen or a slice
/// viewer.send(.rewind(to: 0))                  // the state before the first entry
/// ```
///
/// It follows the store from its creation until it is released.
@MainActor
@Observable
public final class TimelineViewModel: ViewModel {
    /// What a viewer's controls ask for.
    public enum Event: Sendable, Equatable {
        /// Shows only the entries whose usecase, file, screen, action or
        /// changed slice contains the text (any case); "" shows them all.
        case filter(String)
        /// Selects the entry with this id, to show its changes (`nil`: none).
        case select(Int?)
        /// Puts the app's state back as it was after the entry with this id
        /// (0: before the first), or forward again to it.
        case rewind(to: Int)
        /// Puts the app's state forward to its latest entry.
        case latest
        /// Shows the timeline exported as this JSON, to read (no rewind).
        case open(Data)
        /// Closes the file opened and shows the store's timeline again.
        case close
    }

    /// The timeline shown: the store's, or the file's while one is open.
    public private(set) var timeline = Timeline()
    /// The text entries are filtered by.
    public private(set) var filter = ""
    /// The id of the entry selected.
    public private(set) var selection: Int?
    /// Whether a file is shown instead of the store's timeline.
    public private(set) var isShowingFile = false
    /// Why the last file could not be opened, to show.
    public private(set) var message: String?

    @ObservationIgnored private let read: @Sendable () -> Timeline
    @ObservationIgnored private let move: @Sendable (Int) -> Void
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Creates the viewer of `store`'s timeline (empty for a store made
    /// without one), and follows it; its rewinds keep what `keep` puts back
    /// (`MutableStore.rewind(to:keeping:)`).
    public init<State>(
        store: MutableStore<State>, keeping keep: @escaping @Sendable (_ now: State, _ rewound: inout State) -> Void = { _, _ in }
    ) {
        read = { store.timeline }
        move = { store.rewind(to: $0, keeping: keep) }
        timeline = store.timeline
        let changes = store.readOnly.timelineChanges
        tasks.run("follow") { @MainActor [weak self] in
            for await _ in changes {
                guard let self else { return }
                self.refresh()
            }
        }
    }

    /// The entries that pass the filter, oldest first.
    public var entries: [TimelineEntry] {
        timeline.entries.filter { $0.matches(filter) }
    }

    /// The entries that pass the filter as a viewer lists them, oldest first:
    /// each action with the updates that followed it, runs of the same work
    /// folded (``TimelineRow``).
    public var rows: [TimelineRow] {
        TimelineRow.rows(of: entries)
    }

    /// The entry selected, if it is still in the timeline.
    public var selected: TimelineEntry? {
        timeline.entries.first { $0.id == selection }
    }

    /// Whether the state may be moved: the store's own timeline is shown.
    public var canRewind: Bool { !isShowingFile }

    /// The id of the entry whose state the app shows: the latest, or where a rewind left it.
    public var current: Int? { timeline.position ?? timeline.entries.last?.id }

    /// The timeline shown, as JSON to attach to a bug report.
    public func exported() -> Data { timeline.json() }

    public func send(_ event: Event) {
        switch event {
        case let .filter(text):
            filter = text
        case let .select(id):
            selection = id
        case let .rewind(to: id):
            guard canRewind else { return }
            move(id)
            refresh()
        case .latest:
            guard canRewind, let last = timeline.entries.last?.id else { return }
            move(last)
            refresh()
        case let .open(data):
            do {
                timeline = try Timeline(json: data)
                (isShowingFile, message, selection) = (true, nil, nil)
            } catch let error as DecodingError {
                message = "This file is not a Keel timeline (\(error.summary))."
            } catch {
                message = "This file is not a Keel timeline (\(error))."
            }
        case .close:
            (isShowingFile, message, selection) = (false, nil, nil)
            refresh()
        }
    }

    /// Reads the store's timeline again, unless a file is shown.
    private func refresh() {
        guard !isShowingFile else { return }
        timeline = read()
    }
}
