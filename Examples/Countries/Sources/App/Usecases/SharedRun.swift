import Foundation

/// One piece of work that runs once at a time, shared by every caller: a
/// caller that arrives while it runs waits for the same run instead of
/// starting another (``Deck/refreshCountries()``).
///
/// Cancelling any caller, or calling ``cancel()``, cancels the run for every
/// caller: there is one run, so there is one outcome.
///
/// `@unchecked Sendable` is sound because `running`, `generation` and
/// `waiting` are only read and written while `lock` is held.
final class SharedRun: @unchecked Sendable {
    private let lock = NSLock()
    private var running: (generation: UInt64, task: Task<Void, Never>)?
    private var generation: UInt64 = 0
    private var waiting = 0

    /// Runs `work`, or joins the run in progress; returns when that run ends.
    func join(_ work: @escaping @Sendable () async -> Void) async {
        let task = lock.withLock { () -> Task<Void, Never> in
            waiting += 1
            if let running { return running.task }
            generation &+= 1
            let generation = generation
            let task = Task {
                await work()
                self.finished(generation)
            }
            running = (generation, task)
            return task
        }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        lock.withLock { waiting -= 1 }
    }

    /// How many callers wait for the run in progress.
    var callers: Int {
        lock.withLock { waiting }
    }

    /// Cancels the run in progress, if any.
    func cancel() {
        lock.withLock { running?.task }?.cancel()
    }

    /// Whether a run is in progress.
    var isRunning: Bool {
        lock.withLock { running != nil }
    }

    private func finished(_ generation: UInt64) {
        lock.withLock {
            if running?.generation == generation { running = nil }
        }
    }
}
