import AuthenticatorDomain
import Foundation

/// Where each period is at a moment: the time step codes are made for, and
/// the seconds left in it. What the list redraws every second is this, not
/// the codes.
public struct CodeClock: Equatable, Sendable {
    /// The moment, with the settings' time offset applied.
    public let moment: Date

    /// The clock at `moment` (device time), shifted by `offset` seconds.
    public init(moment: Date, offset: Int) {
        self.moment = moment.addingTimeInterval(TimeInterval(offset))
    }

    /// The time step of `period` (RFC 6238's T); moments more than 2^63
    /// periods from 1970 (only a `--time` far out) take the first or last step.
    public func step(of period: Int) -> Int64 {
        let step = (moment.timeIntervalSince1970 / Double(Swift.max(period, 1))).rounded(.down)
        return Int64(exactly: step) ?? (step < 0 ? .min : .max)
    }

    /// The whole seconds left before a code of `period` changes (1 … period).
    public func secondsLeft(in period: Int) -> Int {
        max(1, period - Int(elapsed(in: period).rounded(.down)))
    }

    /// What is left of the period, from 1 (just started) to 0 (ending): for a ring.
    public func fractionLeft(in period: Int) -> Double {
        1 - elapsed(in: period) / Double(Swift.max(period, 1))
    }

    /// The seconds since the step of `period` began, from 0 to `period`.
    private func elapsed(in period: Int) -> Double {
        let elapsed = moment.timeIntervalSince1970 - Double(step(of: period)) * Double(period)
        return elapsed.isNaN ? 0 : Swift.min(Swift.max(elapsed, 0), Double(period))
    }
}
