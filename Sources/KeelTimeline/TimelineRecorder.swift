import Foundation
import Keel

/// What a store with a timeline records: for each update, the slice it
/// wrote before and after (to show the changes and to rewind), in a ring of
/// the last `capacity` entries.
final class TimelineRecorder<State: Sendable>: StoreTap {
    /// One recorded entry; its changes are worked out when someone looks.
    private struct Recorded: Sendable {
        let id: Int, cause: TimelineEntry.Cause, date: Date, duration: Duration
        let changes: @Sendable () -> [StateChange]
        /// Writes the slice as it was before (`forward` false) or after the entry.
        let restore: @Sendable (inout State, _ forward: Bool) -> Void
    }

    /// The entries in a ring: once full, a new entry takes the oldest's slot.
    private struct Ring {
        private var slots: [Recorded] = []
        private var oldest = 0
        var lastID = 0
        var position: Int?
        /// The entries updates after rewinds set aside, oldest first: `capacity` entries at most in all.
        var branches: [(from: Int, entries: [Recorded])] = []

        /// The entries, oldest first.
        var entries: [Recorded] { Array(slots[oldest...] + slots[..<oldest]) }

        mutating func append(_ entry: Recorded, capacity: Int) {
            if slots.count < capacity { return slots.append(entry) }
            slots[oldest] = entry
            oldest = (oldest + 1) % slots.count
        }

        /// Keeps the entries up to `id`, and sets the later ones aside as a
        /// branch: never lost without a word, but no longer the state's history.
        mutating func branch(after id: Int, capacity: Int) {
            let all = entries
            let later = Array(all.drop { $0.id <= id })
            (slots, oldest) = (all.filter { $0.id <= id }, 0)
            guard !later.isEmpty else { return }
            branches.append((id, later))
            // The oldest branches go first when they hold more than a timeline does.
            while branches.reduce(0, { $0 + $1.entries.count }) > capacity { branches.removeFirst() }
        }
    }

    private let ring = Locked(Ring())
    private let capacity: Int
    /// The viewers following the timeline, by a number of their own.
    private let watchers = Locked((next: 0, all: [Int: AsyncStream<Void>.Continuation]()))

    init(capacity: Int) { self.capacity = capacity }

    /// Records a change the store made.
    func record(_ change: StoreChange<State>) {
        append(.update(usecase: change.usecase, file: change.file), change.duration, changes: {
            StateDiff.changes(from: change.old, to: change.new, root: change.path)
        }, restore: change.restore)
    }

    /// Records an event sent to a screen, shown by its description, and as
    /// JSON when it is `Encodable` (an event that carries a secret is not, or
    /// encodes it redacted, as it describes itself).
    func record(event: any Sendable, from screen: String) {
        if let answer = event as? RecordedAnswer {
            return append(.answer(answer.description, source: screen, json: answer.json), .zero, changes: { [] }) { _, _ in }
        }
        let json = (event as? any Encodable).flatMap { try? Self.encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        append(.event(StateDiff.render(event), screen: screen, json: json), .zero, changes: { [] }) { _, _ in }
    }

    /// Encodes events in one line, keys sorted: a record reads the same from one run to the next.
    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private func append(
        _ cause: TimelineEntry.Cause, _ duration: Duration, changes work: @escaping @Sendable () -> [StateChange],
        restore: @escaping @Sendable (inout State, Bool) -> Void
    ) {
        // Worked out the first time someone looks, then kept: every viewer
        // reads the whole timeline at each change, and an entry never changes.
        let worked = Locked<[StateChange]?>(nil)
        let changes: @Sendable () -> [StateChange] = {
            worked.withLock { cached in
                if let cached { return cached }
                let made = work()
                cached = made
                return made
            }
        }
        ring.withLock { ring in
            // An update after a rewind starts a new history from there; the entries
            // after it are kept apart, to read (the state can no longer move to them).
            if let position = ring.position { ring.branch(after: position, capacity: capacity) }
            ring.position = nil
            ring.lastID += 1
            ring.append(Recorded(id: ring.lastID, cause: cause, date: Date(), duration: duration, changes: changes, restore: restore), capacity: capacity)
        }
        notifyWatchers()
    }

    /// A signal each time an entry is added or a rewind moves the position,
    /// the first at once; changes made while the watcher is busy make one.
    func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let number = watchers.withLock { watchers in
            defer { watchers.next += 1 }
            watchers.all[watchers.next] = continuation
            return watchers.next
        }
        continuation.onTermination = { [watchers] _ in watchers.withLock { _ = $0.all.removeValue(forKey: number) } }
        continuation.yield()
        return stream
    }

    private func notifyWatchers() {
        for watcher in watchers.withLock({ Array($0.all.values) }) { watcher.yield() }
    }

    /// Moves `state` to how it was after the entry `id`, undoing the entries
    /// after it or redoing those up to it.
    func move(_ state: inout State, to id: Int) {
        let restores = ring.withLock { ring -> [@Sendable (inout State) -> Void] in
            let entries = ring.entries, current = ring.position ?? ring.lastID
            let target = min(max(id, (entries.first?.id ?? 1) - 1), ring.lastID)
            ring.position = target == ring.lastID ? nil : target
            if target < current {
                return entries.reversed().filter { $0.id > target && $0.id <= current }.map { entry in { entry.restore(&$0, false) } }
            }
            return entries.filter { $0.id > current && $0.id <= target }.map { entry in { entry.restore(&$0, true) } }
        }
        for restore in restores { restore(&state) }
        notifyWatchers()
    }

    /// The entries kept, their changes worked out now.
    var timeline: Timeline {
        let (entries, position, branches) = ring.withLock { ($0.entries, $0.position, $0.branches) }
        let read = { (recorded: [Recorded]) in
            recorded.map { TimelineEntry(id: $0.id, cause: $0.cause, date: $0.date, duration: $0.duration, changes: $0.changes()) }
        }
        return Timeline(
            entries: read(entries), position: position,
            branches: branches.map { TimelineBranch(from: $0.from, entries: read($0.entries)) })
    }
}
