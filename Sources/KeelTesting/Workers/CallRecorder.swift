import Foundation
import Keel
import Testing

/// Records the calls a mock worker receives, for verification against an
/// expected list.
///
/// Give a mock worker a recorder and an enumeration of its calls; record each
/// call as it arrives, then verify:
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#callRecorder -->
/// ```swift
/// struct RecordingBookWork: BookWork {
///     enum Call: Equatable, Sendable { case books }
///     let calls = CallRecorder<Call>()
///     let answers = Answers<Result<[Book], BookFizzle>>(.success([]))
///
///     func books() async throws(BookFizzle) -> [Book] {
///         calls.record(.books)
///         return try answers.next().get()
///     }
/// }
/// ```
///
/// A recorder is safe to use from any thread or task. Script what a mock
/// answers with ``Answers``.
public final class CallRecorder<Call: Equatable & Sendable>: Sendable {
    private let state = Locked(State())

    private struct State {
        var calls: [Call] = []
        /// All the calls recorded, for ``waitForCalls(count:timeout:sourceLocation:)``.
        var total = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// Creates an empty recorder.
    public init() {}

    /// Records one call.
    public func record(_ call: Call) {
        let ready = state.withLock { state in
            state.calls.append(call)
            state.total += 1
            let ready = state.waiters.filter { $0.count <= state.total }.map(\.continuation)
            state.waiters.removeAll { $0.count <= state.total }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    /// The calls recorded since the last expectation, in order.
    public var calls: [Call] {
        state.withLock { $0.calls }
    }

    /// Waits until the mock has received at least `count` calls in all (a call
    /// is recorded when it arrives, before it answers: use this to know that a
    /// call is in flight). Calls that do not come within `timeout` record a
    /// test issue instead of hanging the test.
    public func waitForCalls(
        count: Int = 1, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let arrived = await bounded(timeout) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let isReady = self.state.withLock { state in
                    guard state.total < count else { return true }
                    state.waiters.append((count, continuation))
                    return false
                }
                if isReady { continuation.resume() }
            }
        }
        if !arrived {
            Issue.record("CallRecorder: waited \(timeout) for \(count) call(s); \(state.withLock { $0.total }) arrived", sourceLocation: sourceLocation)
        }
    }

    /// Expects exactly `expected`, in order, and forgets the recorded calls.
    ///
    /// Records a test issue showing both lists when they differ.
    public func expect(_ expected: [Call], sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = state.withLock { state in
            defer { state.calls.removeAll() }
            return state.calls
        }
        guard actual != expected else { return }
        let difference = Difference.describe(expected: expected, actual: actual) ?? ""
        Issue.record(
            Comment(rawValue: "Expected calls \(expected), received \(actual)\n\(difference)"),
            sourceLocation: sourceLocation)
    }

    /// Expects that no call was recorded since the last expectation.
    public func expectNoCalls(sourceLocation: SourceLocation = #_sourceLocation) {
        expect([], sourceLocation: sourceLocation)
    }
}
