import AuthenticatorDomain
import Foundation

/// A clock that moves only when told to: for tests and previews, where
/// codes, countdowns and auto-lock must happen at chosen moments.
///
/// `@unchecked Sendable` is sound because `moment` is only read and written
/// while `lock` is held.
public final class ManualClock: TimeSource, @unchecked Sendable {
    private let lock = NSLock()
    private var moment: Date

    /// Creates a clock showing `moment`.
    public init(_ moment: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.moment = moment
    }

    /// The moment the clock shows.
    public func now() -> Date {
        lock.withLock { moment }
    }

    /// Moves the clock forward (or back, when negative) by `seconds`.
    public func advance(by seconds: TimeInterval) {
        lock.withLock { moment += seconds }
    }

    /// Sets the clock to `moment`.
    public func set(to moment: Date) {
        lock.withLock { self.moment = moment }
    }
}
