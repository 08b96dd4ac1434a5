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

    /// The time step of `period` (RFC 6238's T).
    public func step(of period: Int) -> Int64 {
        Int64((moment.timeIntervalSince1970 / Double(period)).rounded(.down))
    }

    /// The whole seconds left before a code of `period` changes (1 … period).
    public func secondsLeft(in period: Int) -> Int {
        let elapsed = moment.timeIntervalSince1970 - Double(step(of: period)) * Double(period)
        return max(1, period - Int(elapsed.rounded(.down)))
    }

    /// What is left of the period, from 1 (just started) to 0 (ending): for a ring.
    public func fractionLeft(in period: Int) -> Double {
        let elapsed = moment.timeIntervalSince1970 - Double(step(of: period)) * Double(period)
        return max(0, min(1, 1 - elapsed / Double(period)))
    }
}
