import AuthenticatorDomain
import Foundation
import Keel

/// A clock that moves only when told to: for tests and previews, where
/// codes, countdowns and auto-lock must happen at chosen moments.
public final class ManualClock: TimeSource, Sendable {
    private let moment: Locked<Date>

    /// Creates a clock showing `moment`.
    public init(_ moment: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.moment = Locked(moment)
    }

    /// The moment the clock shows.
    public func now() -> Date {
        moment.withLock { $0 }
    }

    /// Moves the clock forward (or back, when negative) by `seconds`.
    public func advance(by seconds: TimeInterval) {
        moment.withLock { $0 += seconds }
    }

    /// Sets the clock to `moment`.
    public func set(to moment: Date) {
        self.moment.withLock { $0 = moment }
    }
}
