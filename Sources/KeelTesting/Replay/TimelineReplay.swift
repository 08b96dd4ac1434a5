import Foundation
import Keel
import KeelTimeline

/// A recorded timeline played again as a test: its events are sent, in
/// order, to the screens of a container the test builds, and the updates
/// they make must be the recorded ones — the same usecases, slices and
/// values, in the same order.
///
/// A developer reproduces a bug in the app, exports its timeline (or saves
/// it as a test from a viewer: `Timeline.testFile(savedAt:)`), and has a
/// test that fails where the app did (Countries' test target):
///
/// <!-- snippet: Examples/Countries/Tests/PresentationTests/Replays/ReplayRecorded.swift#replayRecorded -->
/// ```swift
/// @MainActor
/// func replayRecorded(
///     _ json: String, database: (@Sendable (any CountryDatabaseWork) -> any CountryDatabaseWork)? = nil
/// ) async throws {
///     let replay = try TimelineReplay(json: json)
///     // The clock answers what it answered in the session; a fixed date after that.
///     let now = replay.answers(of: "now()", otherwise: { Date(timeIntervalSince1970: 1_800_000_000) })
///     let (vessel, following) = try await startedApp(database: database, now: now)
///     defer { following.cancel() }
///     try await replay.run(on: vessel.appState) { event in
///         let (screen, sceneID) = (event.screenName, event.scene)
///         if screen == "Settings" {
///             let form: SettingsViewState = try event.decoded()
///             form.apply(to: vessel)
///             return
///         }
///         // … the scene's screens, made with the recorded scene id
///     }
/// }
/// ```
///
/// The store must keep a timeline (`MutableStore.init(_:timeline:)`, with
/// room for the whole record: ``ReplayFailure/unfitStore(_:)`` otherwise) and start where the recorded one started: the
/// same initial state, no update yet, and the same work under way (the
/// queries the app starts, which may write before the replay runs: every
/// update of the store is compared, from its first). An event is replayed
/// when its view model's events are `Codable` (the timeline records them as
/// JSON then); each is sent once the replay made every update recorded
/// before it and the work the last one started (through `OwnedTasks`)
/// ended. Work meant to last (a screen following a stream) is started apart
/// from an event's, as for `settle`: `_ = OwnedTasks.tasks { … }`.
public struct TimelineReplay: Sendable {
    /// The record played.
    public let record: Timeline

    /// A replay of `record`.
    ///
    /// - Throws: ``ReplayFailure/incomplete(_:)`` for a record that does not
    ///   start at the first entry (its oldest were dropped), misses entries
    ///   (an update after a rewind dropped them) or ends rewound: its states
    ///   cannot be reached by events alone.
    public init(_ record: Timeline) throws(ReplayFailure) {
        let ids = record.entries.map(\.id)
        if let first = ids.first, first != 1 {
            throw .incomplete("it starts at entry \(first): the entries before it were dropped (keep a longer timeline)")
        }
        if let gap = zip(ids, ids.dropFirst()).first(where: { $1 != $0 + 1 }) {
            throw .incomplete("entries \(gap.0 + 1)–\(gap.1 - 1) are missing: an update after a rewind dropped them")
        }
        if let position = record.position {
            throw .incomplete("the state was rewound to entry \(position): move it to the latest before exporting")
        }
        self.record = record
    }

    /// A replay of a timeline exported as JSON (`Timeline.json()`).
    ///
    /// - Throws: ``ReplayFailure/unreadable(_:)`` when `json` is not a
    ///   timeline; ``ReplayFailure/incomplete(_:)`` as ``init(_:)``.
    public init(json: String) throws(ReplayFailure) {
        let timeline: Timeline
        do {
            timeline = try Timeline(json: Data(json.utf8))
        } catch {
            throw .unreadable("\(error)")
        }
        try self.init(timeline)
    }

    /// The answers the record holds of the source `name` (the container's
    /// clock, recorded by `MutableStore.recording(_:_:)`), given again one
    /// after the other, in the recorded order; `fallback`'s once they are
    /// used up (or for an answer that does not decode). Hand it to the
    /// container the replay runs on, in place of the source (the type's
    /// sample does).
    public func answers<Value: Decodable & Sendable>(
        of name: String, otherwise fallback: @escaping @Sendable () -> Value
    ) -> @Sendable () -> Value {
        let recorded = record.entries.compactMap { entry -> String? in
            guard case let .answer(_, source, json) = entry.cause, source == name else { return nil }
            return json
        }
        let next = Locked(0)
        return {
            let index = next.withLock { index in
                defer { index += 1 }
                return index
            }
            guard index < recorded.count else { return fallback() }
            return (try? JSONDecoder().decode(Value.self, from: Data(recorded[index].utf8))) ?? fallback()
        }
    }

    /// Plays the record on `store`: sends each recorded event through `send`
    /// (which decodes it and hands it to its screen's view model), and checks
    /// every update the store makes against the recorded ones.
    ///
    /// - Parameters:
    ///   - store: The container's store, keeping a timeline.
    ///   - timeout: How long the replay waits for the next recorded update
    ///     before it calls the replay different there.
    ///   - send: Sends one recorded event to its screen; throws
    ///     ``RecordedEvent/unknownScreen`` for a screen it does not know.
    /// - Throws: ``ReplayFailure/differs(entry:recorded:replayed:)`` at the
    ///   first update that differs (or never came), with both; the other
    ///   cases for a record or an event that cannot be replayed.
    @MainActor
    public func run<State: Sendable>(
        on store: Store<State>, timeout: Duration = .seconds(10), sending send: @MainActor (RecordedEvent) throws -> Void
    ) async throws(ReplayFailure) {
        // A store without a timeline ends its signal at once; one with, signals at once.
        var signals = store.timelineChanges.makeAsyncIterator()
        guard await signals.next() != nil else {
            throw .unfitStore("it keeps no timeline: make it with MutableStore(_:timeline:)")
        }
        var expected: [TimelineEntry] = []
        for entry in record.entries {
            let (description, screen, json): (String, String, String?)
            switch entry.cause {
            case .update:
                expected.append(entry)
                continue
            case .answer:
                continue  // given again by `answers(of:otherwise:)`, when the container asks
            case let .event(event, name, encoded):
                (description, screen, json) = (event, name, encoded)
            }
            try await check(store, against: expected, timeout: timeout)
            guard let json else { throw .notReplayable(entry: entry.id, event: "\(screen) sent \(description)") }
            let event = RecordedEvent(entry: entry.id, screen: screen, description: description, json: json)
            var failure: ReplayFailure?
            let work = OwnedTasks.tasks(startedBy: {
                do {
                    try send(event)
                } catch let error as ReplayFailure {
                    failure = error
                } catch {
                    failure = .undecodable(entry: entry.id, screen: screen, reason: "\(error)")
                }
            })
            if let failure { throw failure }
            // What the event started ends before the next event is sent, as
            // in a person's session: a search answers before they read it.
            _ = await KeelTesting.bounded(timeout) { await work.ended() }
        }
        try await check(store, against: expected, timeout: timeout)
    }

    /// Waits until the store made as many updates as `expected` (or
    /// `timeout`), then compares them one by one.
    private func check<State: Sendable>(
        _ store: Store<State>, against expected: [TimelineEntry], timeout: Duration
    ) async throws(ReplayFailure) {
        _ = await KeelTesting.bounded(timeout) {
            for await _ in store.timelineChanges {
                let timeline = store.timeline
                // Enough updates, or a timeline too short to ever show them.
                if Self.updates(of: timeline).count >= expected.count || timeline.entries.first.map({ $0.id != 1 }) == true { return }
            }
        }
        let timeline = store.timeline
        if let first = timeline.entries.first?.id, first != 1 {
            throw .unfitStore("its timeline dropped its first \(first - 1) entries: keep at least \(record.entries.count)")
        }
        let replayed = Self.updates(of: timeline)
        for (index, recorded) in expected.enumerated() {
            let made = index < replayed.count ? replayed[index] : nil
            guard let made, Self.usecase(of: made) == Self.usecase(of: recorded), made.changes == recorded.changes else {
                throw .differs(entry: recorded.id, recorded: recorded, replayed: made)
            }
        }
        if replayed.count > expected.count {
            throw .unrecorded(replayed[expected.count], after: expected.last?.id ?? 0)
        }
    }

    /// The updates of `timeline` (its events and answers left out).
    private static func updates(of timeline: Timeline) -> [TimelineEntry] {
        timeline.entries.filter { usecase(of: $0) != nil }
    }

    /// The usecase that made an update; `nil` for an event or an answer. Its
    /// file is not compared: a usecase moved to another file makes the same
    /// updates, and a saved test must not fail for it.
    private static func usecase(of entry: TimelineEntry) -> String? {
        guard case let .update(usecase, _) = entry.cause else { return nil }
        return usecase
    }
}

/// One event of a record, to send to its screen.
public struct RecordedEvent: Sendable {
    /// The entry that recorded it.
    public let entry: Int
    /// The screen it was sent to, as its view model named it (`Store.record(_:from:)`).
    public let screen: String
    /// The event as it describes itself: `search("kor")`.
    public let description: String
    /// The event, encoded.
    public let json: String

    /// The screen without its scene, when the screen named itself `<screen>
    /// in <scene>` (the reference apps' convention): `Country list` of
    /// `Country list in tab-1f2e3d4c`; otherwise the whole name.
    public var screenName: String { parts.screen }
    /// The scene of a screen named `<screen> in <scene>`: `tab-1f2e3d4c`;
    /// `nil` for a screen named without one (`Settings`).
    public var scene: String? { parts.scene }

    private var parts: (screen: String, scene: String?) {
        guard let range = screen.range(of: " in ", options: .backwards) else { return (screen, nil) }
        return (String(screen[..<range.lowerBound]), String(screen[range.upperBound...]))
    }

    /// The event, decoded as the screen's `Event`.
    ///
    /// - Throws: ``ReplayFailure/undecodable(entry:screen:reason:)`` when it is not one.
    public func decoded<Event: Decodable>(as type: Event.Type = Event.self) throws(ReplayFailure) -> Event {
        do {
            return try JSONDecoder().decode(Event.self, from: Data(json.utf8))
        } catch {
            throw .undecodable(entry: entry, screen: screen, reason: "\(error)")
        }
    }

    /// The failure to throw for a screen the replay does not know.
    public var unknownScreen: ReplayFailure { .unknownScreen(entry: entry, screen: screen) }
}

/// Why a record did not replay.
public enum ReplayFailure: Error, Equatable, CustomStringConvertible {
    /// The text is not a timeline.
    case unreadable(String)
    /// The store the replay runs on cannot show its updates, for the reason given.
    case unfitStore(String)
    /// The record lacks entries a replay needs, for the reason given.
    case incomplete(String)
    /// The event of `entry` was recorded without its JSON: its type is not `Encodable`.
    case notReplayable(entry: Int, event: String)
    /// The event of `entry` is for a screen the replay does not send to.
    case unknownScreen(entry: Int, screen: String)
    /// The event of `entry` is not one of its screen's events.
    case undecodable(entry: Int, screen: String, reason: String)
    /// The update recorded as `entry` is not what the replay made there
    /// (`replayed`), or the replay made none (`nil`) in time.
    case differs(entry: Int, recorded: TimelineEntry, replayed: TimelineEntry?)
    /// The replay made an update the record does not have, after the recorded entry `after`.
    case unrecorded(TimelineEntry, after: Int)

    public var description: String {
        switch self {
        case let .unreadable(reason): "The record is not a timeline: \(reason)"
        case let .unfitStore(reason): "The store cannot be replayed on: \(reason)."
        case let .incomplete(reason): "The record cannot be replayed: \(reason)."
        case let .notReplayable(entry, event):
            "Entry \(entry) (\(event)) was recorded without its JSON: make the screen's events Codable."
        case let .unknownScreen(entry, screen): "Entry \(entry) was sent to the screen \"\(screen)\", which the replay does not know."
        case let .undecodable(entry, screen, reason): "Entry \(entry) is not an event of \"\(screen)\": \(reason)"
        case let .differs(entry, recorded, replayed?):
            "Entry \(entry) differs (recorded → replayed):\n  recorded: \(Self.lines(recorded))\n  replayed: \(Self.lines(replayed))"
        case let .differs(entry, recorded, nil):
            "Entry \(entry) was not replayed: the replay made no update there.\n  recorded: \(Self.lines(recorded))"
        case let .unrecorded(replayed, after):
            "The replay made an update the record does not have, after entry \(after):\n  replayed: \(Self.lines(replayed))"
        }
    }

    /// An update as the timeline shows it, a change a line.
    private static func lines(_ entry: TimelineEntry) -> String {
        ([entry.title] + entry.changes.map { "    \($0)" }).joined(separator: "\n")
    }
}
