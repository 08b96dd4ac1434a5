import CKeelWebMemory
import ServiceLifecycle

/// Closes expired tab sessions every ``WebOptions/sweepInterval``, for as long
/// as the server runs, and gives the memory they held back to the system.
struct SessionSweeper: Service {
    /// Closes the expired sessions; returns how many.
    let sweep: @MainActor @Sendable () -> Int
    let interval: Duration

    func run() async throws {
        // Graceful shutdown cancels the wait, so the server stops at once.
        await cancelWhenGracefulShutdown {
            var closedLastTime = false
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                // What the sessions closed by the last sweep held is free by now (their
                // view models' tasks have ended since): given back with this one's.
                let closed = await sweep()
                if closed > 0 || closedLastTime { Self.releaseFreedMemory() }
                closedLastTime = closed > 0
            }
        }
    }

    /// Hands the memory freed by closed sessions back to the system. glibc's
    /// allocator keeps freed pages for reuse, and the many short-lived pages
    /// a burst of tabs rendered would otherwise stay in the process's
    /// resident memory for good; other allocators return them themselves.
    static func releaseFreedMemory() {
        keel_release_freed_memory()
    }
}
