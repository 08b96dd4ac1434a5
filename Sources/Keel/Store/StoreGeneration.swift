import Foundation

/// A process-wide count of the store changes announced to Observation.
///
/// Observation installs its observers only after the tracked closure returns,
/// so a store change made by another thread while that closure runs is
/// announced to nobody. ``ObservedValues`` reads the generation before
/// tracking and again once its observers are installed; when it moved, a
/// store changed in between, and it tracks again.
enum StoreGeneration {
    private static let lock = NSLock()
    // Only read and written while `lock` is held, which makes the shared
    // mutable state safe.
    nonisolated(unsafe) private static var count: UInt64 = 0

    /// The number of changes announced so far.
    static var current: UInt64 {
        lock.withLock { count }
    }

    /// Records that a store is about to announce a change.
    static func advance() {
        lock.withLock { count &+= 1 }
    }
}
