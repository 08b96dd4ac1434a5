import Observation

/// The distinct values of an expression over `@Observable` state, as an
/// asynchronous sequence.
///
/// `ObservedValues` re-evaluates `read` on the main actor each time something
/// it read changed, and delivers each value that differs from the last one.
/// A child view model uses it to follow its parent's state; a web page uses it
/// to push a fresh rendering when a view model changes.
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#observedValues -->
/// ```swift
/// for await text in ObservedValues({ parent.text }) {
///     suggestions = complete(text)
/// }
/// ```
///
/// The first value is the current one. The sequence ends when the consuming
/// task is cancelled. (On iOS 26 and macOS 26, the Observation module's
/// `Observations` offers the same; this type serves earlier systems and Linux.)
public struct ObservedValues<Value: Equatable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    public typealias Failure = Never

    private let read: @MainActor @Sendable () -> Value

    /// Creates the sequence of the values of `read`.
    public init(_ read: @escaping @MainActor @Sendable () -> Value) {
        self.read = read
    }

    /// Creates an iterator that starts tracking.
    public func makeAsyncIterator() -> AsyncStream<Value>.Iterator {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let tracker = Tracker(read: read, continuation: continuation)
        continuation.onTermination = { _ in Task { @MainActor in tracker.stop() } }
        Task { @MainActor in tracker.track() }
        return stream.makeAsyncIterator()
    }

    /// Reads the expression inside Observation tracking and re-reads it after each change.
    @MainActor
    private final class Tracker: Sendable {
        private let read: @MainActor @Sendable () -> Value
        private let continuation: AsyncStream<Value>.Continuation
        private var last: Value?
        private var isStopped = false
        private var epoch: UInt64 = 0

        nonisolated init(read: @escaping @MainActor @Sendable () -> Value, continuation: AsyncStream<Value>.Continuation) {
            self.read = read
            self.continuation = continuation
        }

        func track() {
            guard !isStopped else { return }
            epoch &+= 1
            let epoch = epoch
            let generation = StoreGeneration.current
            let value = withObservationTracking(read) { [weak self] in
                // Called before the change is applied: read again once it is.
                Task { @MainActor in self?.track(after: epoch) }
            }
            // A store changed by another thread while `read` ran, before the
            // observers were installed, announced its change to nobody: read again.
            if StoreGeneration.current != generation {
                Task { @MainActor [weak self] in self?.track(after: epoch) }
            }
            if value != last {
                last = value
                continuation.yield(value)
            }
        }

        /// Tracks again, unless a later tracking has replaced the one of `epoch`
        /// (so that at most one tracking stays current).
        private func track(after epoch: UInt64) {
            guard epoch == self.epoch else { return }
            track()
        }

        func stop() {
            isStopped = true
        }
    }
}
