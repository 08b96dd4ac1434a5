import Foundation

/// When the host of an ``AccountListViewModel`` sends it
/// ``AccountListViewModel/Action/tick(_:)``: every ``interval`` from
/// ``start``, that is on every whole second since 1970.
///
/// Every period is a whole number of seconds counted from 1970 (RFC 6238's
/// T0), and so is the settings' time offset: a tick falls on the very second
/// each code changes, never up to a second late. A fixed start is also what
/// keeps a timer steady: one started from "now" is a new schedule each time
/// it is made, and SwiftUI makes a view's `TimelineView` schedule again at
/// every pass of its `body`.
public enum CodeTicks {
    /// The moment the ticks count from: 1970-01-01 00:00:00 UTC.
    public static let start = Date(timeIntervalSince1970: 0)
    /// The time between two ticks, in seconds.
    public static let interval: TimeInterval = 1
}
