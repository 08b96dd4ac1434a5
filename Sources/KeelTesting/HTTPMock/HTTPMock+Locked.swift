import Foundation

extension HTTPMock {
    /// A value protected by a lock.
    ///
    /// `@unchecked Sendable` is safe: `value` is only read or written inside
    /// ``withLock(_:)``, which holds `lock` for the whole access, and both
    /// `Value` and the results that leave the lock are `Sendable`, so no
    /// unprotected reference to the state can escape to another thread.
    /// (`Synchronization.Mutex` would do, but needs macOS 15 / iOS 18.)
    final class Locked<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value

        init(_ value: Value) {
            self.value = value
        }

        /// Runs `body` with exclusive access to the value.
        func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
            lock.lock()
            defer { lock.unlock() }
            return try body(&value)
        }
    }
}
