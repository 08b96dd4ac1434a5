import Foundation
import Observation

/// Counts how many times Observation invalidates a piece of code that reads
/// observable state — as SwiftUI would re-render a view.
///
/// The counter runs `read` inside `withObservationTracking` and, each time
/// tracking fires, counts it and tracks again. Use it to show that a view
/// model or a store slice is invalidated by the changes it depends on, and
/// never by others:
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#observationCounter -->
/// ```swift
/// let counter = ObservationCounter { MainActor.assumeIsolated { _ = search.matches } }
/// try raft.markReadAction(1, true)    // the app state changes, not the search's own state
/// #expect(counter.count == 0)
/// ```
///
/// Change handlers run on the thread that makes the change; the counter
/// tracks again right away, on that thread, so that no later change goes
/// unseen. Make the changes a counter watches from one task at a time: two
/// threads announcing changes of the same slice at once would keep firing
/// each other's fresh tracking. (SwiftUI tracks again only on its next
/// render, so apps never do this.)
public final class ObservationCounter: Sendable {
    private let state = Counted()
    private let read: @Sendable () -> Void

    /// Starts tracking the observable state that `read` reads.
    public init(_ read: @escaping @Sendable () -> Void) {
        self.read = read
        track()
    }

    /// How many times tracking fired so far.
    public var count: Int {
        state.value
    }

    /// Sets the count back to zero.
    public func reset() {
        state.reset()
    }

    private func track() {
        withObservationTracking(read) { [weak self] in
            guard let self else { return }
            state.increment()
            // Track again at once, so that no later change goes unseen. (For an
            // `@Observable` class the new value is not stored yet at this
            // point, which does not matter: only the count is kept.)
            track()
        }
    }

    /// The count, shared with change handlers on any thread.
    ///
    /// `@unchecked Sendable` is sound because `count` is only read and
    /// written while `lock` is held.
    private final class Counted: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
        func reset() { lock.withLock { count = 0 } }
    }
}
