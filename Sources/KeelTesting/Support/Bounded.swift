import Keel

/// Runs `work` and returns `true` once it ends, or `false` after `timeout`,
/// whichever comes first, without waiting for the other: a wait that cannot
/// hang a test, even when `work` ignores cancellation.
func bounded(_ timeout: Duration, _ work: @escaping @Sendable () async -> Void) async -> Bool {
    let finished = Locked(false)
    let (outcome, continuation) = AsyncStream<Bool>.makeStream()
    @Sendable func finish(_ value: Bool) {
        guard finished.withLock({ isDone in defer { isDone = true }; return !isDone }) else { return }
        continuation.yield(value)
        continuation.finish()
    }
    let worker = Task { await work(); finish(true) }
    let timer = Task { try? await Task.sleep(for: timeout); finish(false) }
    var result = false
    for await value in outcome { result = value }
    timer.cancel()
    if !result { worker.cancel() }
    return result
}
