import Foundation

/// A process-wide count of the store changes announced to Observation.
///
/// Observation installs its observers only after the tracked closure
/// returns, so a change made by another thread while that closure runs is
/// announced to nobody. ``ObservedValues`` reads the generation before
/// tracking and again once its observers are installed; when it moved, it
/// tracks again.
enum StoreGeneration {
    private static let count = Counter()

    /// The number of changes announced so far.
    static var current: UInt64 { count.value }

    /// Records that a store is about to announce a change.
    static func advance() { count.increment() }

    /// `@unchecked Sendable` is sound because `count` is only read and
    /// written while `lock` is held.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count: UInt64 = 0
        var value: UInt64 { lock.withLock { count } }
        func increment() { lock.withLock { count &+= 1 } }
    }
}
