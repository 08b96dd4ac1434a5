import ServiceLifecycle

/// Closes expired tab sessions every ``WebOptions/sweepInterval``, for as long as the server runs.
struct SessionSweeper: Service {
    let sweep: @MainActor @Sendable () -> Void
    let interval: Duration

    func run() async throws {
        // Graceful shutdown cancels the wait, so the server stops at once.
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                await sweep()
            }
        }
    }
}
