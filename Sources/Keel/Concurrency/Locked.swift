import Foundation

/// A value behind a lock: the mutable state of a `Sendable` class, such as a
/// mock worker whose answers a test changes after the container is built.
/// (`Synchronization.Mutex` does the same from iOS 18 and macOS 15.)
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#locked -->
/// ```swift
/// struct CountingBookWork: BookWork {
///     let count = Locked(0)
///     func books() async throws(BookFizzle) -> [Book] {
///         count.withLock { $0 += 1 }
///         return []
///     }
/// }
/// ```
///
/// `@unchecked Sendable` is sound because `value` is only read and written
/// inside ``withLock(_:)``, which holds `lock` throughout, and only `Sendable`
/// results leave it.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Puts `value` behind the lock.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result: Sendable, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
