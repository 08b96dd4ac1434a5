import Foundation

/// One piece of work that runs once at a time, shared by every caller: a
/// caller that arrives while it runs waits for the same run instead of
/// starting another (``Deck/refreshCountries()`` is the one user).
///
/// A caller whose task is cancelled only stops waiting; the run goes on for
/// the others. ``cancel()`` cancels the run for every caller, and the next
/// caller starts a new run at once, even while the cancelled one winds down.
/// A run learns from the closure it is given whether a newer run has started,
/// so that a cancelled run does not overwrite the state of the run that
/// replaced it.
///
/// `@unchecked Sendable` is sound because `running`, `generation` and
/// `callers` are only read and written while `lock` is held.
final class SharedRun: @unchecked Sendable {
    private let lock = NSLock()
    private var running: (generation: UInt64, task: Task<Void, Never>)?
    private var generation: UInt64 = 0
    private var waiting = 0

    /// Runs `work`, or joins the run in progress; returns when that run ends,
    /// or when the calling task is cancelled. `work` is given a function that
    /// tells whether its run is still the latest one (no newer run started).
    func join(_ work: @escaping @Sendable (_ isLatest: @escaping @Sendable () -> Bool) async -> Void) async {
        let task = lock.withLock { () -> Task<Void, Never> in
            waiting += 1
            if let running { return running.task }
            generation &+= 1
            let generation = generation
            let task = Task {
                await work { [self] in isLatest(generation) }
                self.finished(generation)
            }
            running = (generation, task)
            return task
        }
        // A cancelled caller stops waiting; the run goes on for the others.
        let ended = AsyncStream<Void>.makeStream()
        let waiter = Task {
            await task.value
            ended.continuation.finish()
        }
        await withTaskCancellationHandler {
            for await _ in ended.stream {}
        } onCancel: {
            ended.continuation.finish()
        }
        waiter.cancel()
        lock.withLock { waiting -= 1 }
    }

    /// Cancels the run in progress, if any, for every caller.
    func cancel() {
        lock.withLock { () -> Task<Void, Never>? in
            defer { running = nil }
            return running?.task
        }?.cancel()
    }

    /// How many callers wait for the run in progress.
    var callers: Int {
        lock.withLock { waiting }
    }

    private func isLatest(_ generation: UInt64) -> Bool {
        lock.withLock { self.generation == generation }
    }

    private func finished(_ generation: UInt64) {
        lock.withLock {
            if running?.generation == generation { running = nil }
        }
    }
}
