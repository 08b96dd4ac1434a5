/// Work that runs once at a time, shared by its callers: the kit's one
/// single-flight primitive.
///
/// - ``run(_:)`` joins the run in progress, or starts one: a refresh asked for
///   twice loads once.
/// - ``runNext(_:)`` joins the run queued after the one in progress, or queues
///   one: it starts when that one ends, so it sees every change made before it
///   starts (a backup asked for after each change, written once per burst).
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#sharedRun -->
/// ```swift
/// let refreshes = SharedRun<Void>()
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
/// others. ``cancel()`` cancels the run in progress for every caller, and the
/// next caller starts a new one at once, even while the cancelled one winds
/// down; a run asks `isLatest` before it writes, so that it does not
/// overwrite what the run that replaced it wrote.
public final class SharedRun<Value: Sendable>: Sendable {
    /// What a run is handed: whether it is still the latest (no newer run started).
    public typealias Work = @Sendable (_ isLatest: @escaping @Sendable () -> Bool) async -> Value

    private let state = Locked(State())

    private struct State {
        /// The run in progress, by its number.
        var running: (number: UInt64, task: Task<Value, Never>)?
        /// The run queued after it, not started yet.
        var next: (number: UInt64, task: Task<Value, Never>)?
        var lastNumber: UInt64 = 0
        var callers = 0
    }

    /// Creates a shared run with nothing running.
    public init() {}

    /// Runs `work`, or joins the run in progress; returns its value when it
    /// ends, or `nil` when the calling task is cancelled first.
    @discardableResult
    public func run(_ work: @escaping Work) async -> Value? {
        await wait(for: join(work))
    }

    /// Queues `work` to run after the run in progress (at once, if none), or
    /// joins the run already queued; returns its value when it ends, or `nil`
    /// when the calling task is cancelled first.
    @discardableResult
    public func runNext(_ work: @escaping Work) async -> Value? {
        await wait(for: queue(work))
    }

    /// Starts `work`, or joins the run in progress, and returns the run's task
    /// at once: callers that join get the same task, and cancelling it
    /// cancels the run.
    public func join(_ work: @escaping Work) -> Task<Value, Never> {
        state.withLock { state in
            if let running = state.running { return running.task }
            return start(work, after: nil, in: &state).task
        }
    }

    /// Queues `work` after the run in progress, or joins the run queued, and
    /// returns the run's task at once.
    public func queue(_ work: @escaping Work) -> Task<Value, Never> {
        state.withLock { state in
            if let next = state.next { return next.task }
            guard let running = state.running else { return start(work, after: nil, in: &state).task }
            let next = start(work, after: running.task, in: &state)
            state.next = next
            return next.task
        }
    }

    /// Cancels the run in progress and the one queued, if any, for every caller.
    public func cancel() {
        let cancelled = state.withLock { state in
            defer { (state.running, state.next) = (nil, nil) }
            return [state.running?.task, state.next?.task]
        }
        cancelled.forEach { $0?.cancel() }
    }

    /// Waits until the run in progress and the one queued, if any, have ended.
    public func settle() async {
        let (running, next) = state.withLock { ($0.running?.task, $0.next?.task) }
        _ = await running?.value
        _ = await next?.value
    }

    /// How many callers wait for a run: a test that cancels one waits until
    /// the others joined.
    public var callers: Int {
        state.withLock { $0.callers }
    }

    /// Whether a run is in progress or queued.
    public var isRunning: Bool {
        state.withLock { $0.running != nil || $0.next != nil }
    }

    /// Makes the run of `work`, which starts after `previous` ends: in
    /// progress from then on (or at once, without one) until it ends.
    private func start(_ work: @escaping Work, after previous: Task<Value, Never>?, in state: inout State) -> (number: UInt64, task: Task<Value, Never>) {
        state.lastNumber += 1
        let number = state.lastNumber
        let task = Task { [self] in
            _ = await previous?.value
            self.state.withLock { state in
                if state.next?.number == number { (state.running, state.next) = (state.next, nil) }
            }
            let value = await work { [self] in self.state.withLock { $0.lastNumber == number } }
            self.state.withLock { if $0.running?.number == number { $0.running = nil } }
            return value
        }
        if previous == nil { state.running = (number, task) }
        return (number, task)
    }

    /// Waits for `task`, counted among the callers; `nil` when the calling task is cancelled first.
    private func wait(for task: Task<Value, Never>) async -> Value? {
        state.withLock { $0.callers += 1 }
        defer { state.withLock { $0.callers -= 1 } }
        // A cancelled caller stops waiting: the run goes on for the others.
        let (ended, continuation) = AsyncStream<Value>.makeStream()
        let waiter = Task {
            continuation.yield(await task.value)
            continuation.finish()
        }
        defer { waiter.cancel() }
        return await withTaskCancellationHandler {
            var values = ended.makeAsyncIterator()
            return await values.next()
        } onCancel: {
            continuation.finish()
        }
    }
}
