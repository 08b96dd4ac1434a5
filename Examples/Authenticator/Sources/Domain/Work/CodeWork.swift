import Foundation

/// Makes the one-time code of an account.
///
/// The moment is a value the caller passes (read from an injected clock),
/// never the system time read inside, so that codes are testable at any time.
public protocol CodeWork: Sendable {
    /// The code of `account` at `moment`: for a counter-based account, the code
    /// of its current counter (the moment only matters to time-based codes).
    func code(for account: Account, at moment: Date) -> OneTimeCode
}

/// Where the current time comes from: the system clock in the app, a fixed or
/// stepped value in tests.
public protocol TimeSource: Sendable {
    /// The current moment.
    func now() -> Date
}
