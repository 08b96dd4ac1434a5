/// How a viewer lists a timeline, so that it reads as what people did: each
/// action a screen sent with the updates that followed it (until the next
/// action: what it ran, and whatever else happened meanwhile), and each run of
/// the same work (one usecase changing the same slices, or one source
/// answering, again and again: the bookkeeping of every tap) folded into the
/// first of the run.
public struct TimelineRow: Sendable, Hashable, Identifiable {
    /// The action, or the update (or answer) that starts a run.
    public let entry: TimelineEntry
    /// The rows of the updates after the action, oldest first (none for an update).
    public private(set) var followed: [TimelineRow] = []
    /// The entries of the same work right after this one, folded into it, oldest first.
    public private(set) var repeats: [TimelineEntry] = []

    /// The row's identity: its entry's.
    public var id: Int { entry.id }

    /// The row of `entry` alone.
    init(_ entry: TimelineEntry) { self.entry = entry }

    /// The rows of `entries` (oldest first), oldest first.
    public static func rows(of entries: [TimelineEntry]) -> [TimelineRow] {
        var rows: [TimelineRow] = []
        for entry in entries {
            if entry.isAction {
                rows.append(TimelineRow(entry))
            } else if let last = rows.indices.last, rows[last].entry.isAction {
                add(entry, to: &rows[last].followed)
            } else {
                add(entry, to: &rows)
            }
        }
        return rows
    }

    /// Where a viewer that adds entries one at a time puts each of `rows`'
    /// entries: under an action (`in`), or folded into the first of its run
    /// (`foldedInto`); neither for a row of its own at the top.
    public static func places(in rows: [TimelineRow]) -> [Int: (in: Int?, foldedInto: Int?)] {
        var places: [Int: (in: Int?, foldedInto: Int?)] = [:]
        func note(_ rows: [TimelineRow], in action: Int?) {
            for row in rows {
                places[row.id] = (action, nil)
                for folded in row.repeats { places[folded.id] = (action, row.id) }
                note(row.followed, in: row.id)
            }
        }
        note(rows, in: nil)
        return places
    }

    /// Adds `entry` to `rows`: folded into the last row when it does the same work, else a row of its own.
    private static func add(_ entry: TimelineEntry, to rows: inout [TimelineRow]) {
        if let last = rows.indices.last, let work = entry.work, rows[last].entry.work == work {
            rows[last].repeats.append(entry)
        } else {
            rows.append(TimelineRow(entry))
        }
    }
}

extension TimelineEntry {
    /// Whether a screen sent it (an action, under which a viewer lists what followed).
    public var isAction: Bool {
        if case .event = cause { true } else { false }
    }

    /// What the entry did, to fold runs of it: a usecase and the slices it
    /// changed, or a source answering; `nil` for an action, never folded.
    var work: String? {
        switch cause {
        case let .update(usecase, _): "\(usecase) \(changes.map(\.path))"
        case let .answer(_, source, _): "answer of \(source)"
        case .event: nil
        }
    }
}
