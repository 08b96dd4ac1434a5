import Foundation

/// Work that runs once at a time, shared by its callers: a caller that comes
/// while it runs waits for the same run instead of starting another (a
/// refresh asked for twice loads once).
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#sharedRun -->
/// ```swift
/// let refreshes = SharedRun()
///
/// func refreshBooks() async {
///     await refreshes.run { [store, bookWork] isLatest in
///         let books = try? await bookWork.books()
///         if isLatest(), let books { store.update { $0.books = .loaded(books) } }
///     }
/// }
/// ```
///
/// A caller whose task is cancelled stops waiting; the run goes on for the
/// others. ``cancel()`` cancels the run for every caller, and the next caller
/// starts a new one at once, even while the cancelled one winds down; a run
/// asks `isLatest` before it writes, so that it does not overwrite what the
/// run that replaced it wrote.
public final class SharedRun: Sendable {
    private let state = Locked(State())

    private struct State {
        var running: (number: UInt64, task: Task<Void, Never>)?
        var lastNumber: UInt64 = 0
        var callers = 0
    }

    /// Creates a shared run with nothing running.
    public init() {}

    /// Runs `work`, or joins the run in progress; returns when that run ends
    /// or the calling task is cancelled. `work` is handed a function that
    /// tells whether its run is still the latest (no newer run started).
    public func run(_ work: @escaping @Sendable (_ isLatest: @escaping @Sendable () -> Bool) async -> Void) async {
        let task = state.withLock { state -> Task<Void, Never> in
            state.callers += 1
            if let running = state.running { return running.task }
            state.lastNumber += 1
            let number = state.lastNumber
            let task = Task { [self] in
                await work { [self] in self.state.withLock { $0.lastNumber == number } }
                self.state.withLock { if $0.running?.number == number { $0.running = nil } }
            }
            state.running = (number, task)
            return task
        }
        defer { state.withLock { $0.callers -= 1 } }
        // A cancelled caller stops waiting: the run goes on for the others.
        let (ended, continuation) = AsyncStream<Void>.makeStream()
        let waiter = Task {
            await task.value
            continuation.finish()
        }
        await withTaskCancellationHandler {
            for await _ in ended {}
        } onCancel: {
            continuation.finish()
        }
        waiter.cancel()
    }

    /// Cancels the run in progress, if any, for every caller.
    public func cancel() {
        state.withLock { state -> Task<Void, Never>? in
            defer { state.running = nil }
            return state.running?.task
        }?.cancel()
    }

    /// How many callers wait for the run in progress: a test that cancels one
    /// waits until the others joined.
    public var callers: Int {
        state.withLock { $0.callers }
    }
}
