import Foundation
@_spi(Testing) import Keel
import KeelTimeline
import Testing

/// Records every state a store passes through, for exhaustive assertions on
/// what an action did.
///
/// Create a recorder before running the action, then state each expected
/// state as a change to the one before it. The recorder fails the test,
/// with a readable difference, unless the store went through exactly those
/// states, in that order:
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#stateRecorder -->
/// ```swift
/// let recorder = StateRecorder(raft.appState)
/// await raft.loadBooksAction()
/// recorder.expect(
///     { $0.books = .loading(last: $0.books.value) },
///     { $0.books = .loaded(Book.samples) }
/// )
/// ```
///
/// Every update that changes the state produces one recorded state; an update
/// that changes nothing produces none. Each call to ``expect(_:sourceLocation:)``
/// consumes the states it checked, so an action can be asserted in steps.
public final class StateRecorder<State: Equatable & Sendable>: Sendable {
    private let store: Store<State>
    private let recorded: Recorded
    private let subscription: StoreSubscription

    /// Starts recording the states of `store`, from its current state.
    public init(_ store: Store<State>) {
        let recorded = Recorded()
        self.store = store
        self.recorded = recorded
        // The subscription hands over the current state before returning.
        subscription = store.subscribe(at: { $0 }) { recorded.append($0) }
    }

    /// The states recorded and not yet consumed by an expectation.
    public var states: [State] {
        recorded.pending
    }

    /// The state the next expectation starts from: the last state consumed
    /// by an expectation, or the state when recording started.
    public var baseline: State {
        recorded.baseline ?? store.state
    }

    /// Expects the recorded states, each described as a change to the previous one.
    ///
    /// Records a test issue when the states differ in number or in value; the
    /// issue shows the first state that differs as a difference from the expected one.
    public func expect(
        _ changes: ((inout State) -> Void)...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var expected: [State] = []
        var state = baseline
        for change in changes {
            change(&state)
            expected.append(state)
        }
        expect(states: expected, sourceLocation: sourceLocation)
    }

    /// Expects the recorded states to be exactly `expected`.
    public func expect(states expected: [State], sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = recorded.consume()
        if let problem = Self.problem(expected: expected, actual: actual) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// Expects that no state was recorded since the last expectation.
    public func expectNoChanges(sourceLocation: SourceLocation = #_sourceLocation) {
        expect(states: [], sourceLocation: sourceLocation)
    }

    /// A description of how `actual` differs from `expected`, or `nil` when they are equal.
    static func problem(expected: [State], actual: [State]) -> String? {
        for (index, pair) in zip(expected, actual).enumerated() where pair.0 != pair.1 {
            return "State \(index + 1) of \(actual.count) differs from the expected state (expected → recorded):\n"
                + changes(from: pair.0, to: pair.1)
        }
        if expected.count != actual.count {
            if actual.count > expected.count, let extra = actual.dropFirst(expected.count).first {
                let difference = expected.last.map { "(after the last expected state):\n" + changes(from: $0, to: extra) } ?? ":\n\(extra)"
                return "Expected \(expected.count) state(s), but the store went through \(actual.count). "
                    + "The first unexpected state \(difference)"
            }
            return "Expected \(expected.count) state(s), but the store went through \(actual.count)."
        }
        return nil
    }

    /// The changes from one state to another, one per line, as the store's timeline shows them.
    private static func changes(from old: State, to new: State) -> String {
        let changes = StateDiff.changes(from: old, to: new)
        return changes.isEmpty ? "  (no part differs, but `==` says the states do)" : changes.map { "  \($0)" }.joined(separator: "\n")
    }

    /// The recorded states, shared with the store's subscription.
    ///
    /// `@unchecked Sendable` is sound because `states` and `first` are only
    /// read and written while `lock` is held.
    private final class Recorded: @unchecked Sendable {
        private let lock = NSLock()
        private var states: [State] = []
        private var first: State?

        func append(_ state: State) {
            lock.withLock {
                if first == nil { first = state } else { states.append(state) }
            }
        }

        var pending: [State] {
            lock.withLock { states }
        }

        var baseline: State? {
            lock.withLock { first }
        }

        func consume() -> [State] {
            lock.withLock {
                let consumed = states
                if let last = states.last { first = last }
                states.removeAll()
                return consumed
            }
        }
    }
}
