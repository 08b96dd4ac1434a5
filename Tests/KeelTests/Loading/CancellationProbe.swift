import Foundation

/// Lets a test see that an operation started and that it observed its cancellation.
final class CancellationProbe: @unchecked Sendable {
    // @unchecked: every property is read and written under `lock`.
    private let lock = NSLock()
    private var startedFlag = false
    private var cancelledFlag = false
    private let signal = AsyncStream<Void>.makeStream()

    var started: Bool { lock.withLock { startedFlag } }
    var sawCancellation: Bool { lock.withLock { cancelledFlag } }

    /// Waits (cancellably) until the operation signalled that it started.
    func waitUntilStarted() async {
        var iterator = signal.stream.makeAsyncIterator()
        _ = await iterator.next()
    }

    /// An operation that runs until it is cancelled, then throws `CancellationError`.
    func runUntilCancelled<Value>() async throws -> Value {
        try await withTaskCancellationHandler {
            lock.withLock { startedFlag = true }
            signal.continuation.yield()
            try await Task.sleep(for: .seconds(60))
            throw CancellationError()
        } onCancel: {
            lock.withLock { cancelledFlag = true }
        }
    }
}
