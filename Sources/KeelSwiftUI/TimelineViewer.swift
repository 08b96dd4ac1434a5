#if canImport(SwiftUI)
import Foundation
import Keel
import KeelTimeline
import SwiftUI
import UniformTypeIdentifiers

/// A store's timeline, for development: its entries as they happen (newest
/// first), a search by usecase, screen or slice, each entry's changes, and a
/// rewind to any of them. It renders a `TimelineViewModel` (KeelTimeline), as KeelWeb's
/// timeline page does.
///
/// Show it from a debug menu, over a view model made once where the container
/// lives (never in a view's initializer, which SwiftUI runs again at every pass):
///
/// <!-- snippet: Sources/KeelSwiftUI/TimelineButton.swift#timelineSheet -->
/// ```swift
/// .sheet(isPresented: $isShown) {
///     TimelineViewer(model: model)
/// }
/// ```
public struct TimelineViewer: View {
    private let model: TimelineViewModel
    /// The timeline as a test, while the file exporter saves it ("Save as test").
    @State private var testFile: TimelineTestDocument?

    /// Creates the viewer of `model`.
    public init(model: TimelineViewModel) {
        self.model = model
    }

    public var body: some View {
        NavigationStack {
            List {
                if let message = model.message {
                    Section { Text(message) }
                }
                // Each action with the updates that followed it, runs of the same work folded (TimelineRow).
                ForEach(model.rows.reversed()) { row in
                    TimelineRowLinks(row: row, current: model.current)
                }
                // What updates after rewinds set aside, newest first: to read.
                ForEach(Array(model.timeline.branches.enumerated().reversed()), id: \.offset) { _, branch in
                    Section("Set aside after #\(branch.from)") {
                        ForEach(branch.entries.reversed()) { entry in
                            TimelineEntryRow(entry: entry, isCurrent: false)
                        }
                    }
                }
            }
            .overlay {
                if model.entries.isEmpty {
                    ContentUnavailableView {
                        Label("No entries", systemImage: "clock")
                    } description: {
                        Text("Updates appear here as they happen, when the store keeps a timeline.")
                    } actions: {
                        EmptyView()
                    }
                }
            }
            .navigationDestination(for: Int.self) { id in
                TimelineEntryDetail(model: model, id: id)
            }
            .searchable(text: filter, prompt: "Usecase, screen or slice")
            .navigationTitle("Timeline")
            .toolbar {
                Button("Latest") { model.send(.latest) }
                    .disabled(!model.canRewind || model.timeline.position == nil)
                Button("Save as test") { testFile = TimelineTestDocument(model.timeline.testFile()) }
                    .disabled(model.entries.isEmpty)
            }
            .fileExporter(
                isPresented: Binding(get: { testFile != nil }, set: { if !$0 { testFile = nil } }),
                document: testFile, contentTypes: [.swiftSource], defaultFilename: testFile?.file.name
            ) { _ in
                testFile = nil
            } onCancellation: {
                testFile = nil
            }
        }
    }

    /// The search field's text: typing filters the entries.
    private var filter: Binding<String> {
        Binding(get: { model.filter }, set: { model.send(.filter($0)) })
    }
}

/// A timeline saved as a test (`TimelineTestFile`), as the file exporter writes it.
struct TimelineTestDocument: FileDocument {
    static let readableContentTypes: [UTType] = [.swiftSource]
    let file: TimelineTestFile

    init(_ file: TimelineTestFile) { self.file = file }

    /// The viewer only writes such files; it never opens one.
    init(configuration: ReadConfiguration) throws { throw CocoaError(.featureUnsupported) }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(file.source.utf8))
    }
}

/// A row of the list and the rows that followed it (an action's updates), indented, each a link to its changes.
struct TimelineRowLinks: View {
    let row: TimelineRow
    /// The entry whose state the app shows.
    let current: Int?

    var body: some View {
        NavigationLink(value: row.id) {
            TimelineEntryRow(entry: row.entry, isCurrent: row.id == current, repeats: row.repeats.count)
        }
        ForEach(row.followed.reversed()) { followed in
            NavigationLink(value: followed.id) {
                TimelineEntryRow(entry: followed.entry, isCurrent: followed.id == current, repeats: followed.repeats.count, followsAction: true)
            }
        }
    }
}

/// One entry in the list: what asked for it, and how many slices it changed.
struct TimelineEntryRow: View {
    let entry: TimelineEntry
    /// Whether the app shows this entry's state (the latest, or where a rewind left it).
    let isCurrent: Bool
    /// How many entries of the same work are folded into it.
    var repeats = 0
    /// Whether it followed an action (listed under it, marked "↳").
    var followsAction = false

    var body: some View {
        VStack(alignment: .leading) {
            Text(followsAction ? "↳ \(entry.title)" : entry.title)
                .font(.headline)
            Text(summary)
                .font(.caption)
                .foregroundStyle(.secondary)
        }
    }

    private var summary: String {
        let changed = entry.changes.count == 1 ? "1 change" : "\(entry.changes.count) changes"
        return "#\(entry.id) · \(changed) · \(entry.durationText)" + (repeats > 0 ? " · and \(repeats) more alike" : "")
            + (isCurrent ? " · shown" : "")
    }
}

/// One entry's changes, slice by slice, and the rewind to it.
struct TimelineEntryDetail: View {
    let model: TimelineViewModel
    let id: Int

    var body: some View {
        if let entry = model.timeline.entries.first(where: { $0.id == id }) {
            List {
                Section(entry.title) {
                    LabeledContent("Entry", value: "#\(entry.id)")
                    if case let .update(_, file) = entry.cause {
                        LabeledContent("File", value: file)
                    }
                    LabeledContent("Took", value: entry.durationText)
                }
                Section("Changes") {
                    ForEach(entry.changes, id: \.self) { change in
                        VStack(alignment: .leading) {
                            Text(change.path)
                                .font(.headline)
                            Text("before: \(change.old ?? "(none)")")
                                .font(.caption)
                            Text("after: \(change.new ?? "(none)")")
                                .font(.caption)
                        }
                    }
                }
                if model.canRewind {
                    Section {
                        Button("Show the state after this entry") { model.send(.rewind(to: id)) }
                            .disabled(id == model.current)
                    }
                }
            }
            .navigationTitle("#\(entry.id)")
        } else {
            ContentUnavailableView {
                Label("Entry gone", systemImage: "clock")
            } description: {
                Text("The timeline keeps its last entries only.")
            } actions: {
                EmptyView()
            }
        }
    }
}
#endif
