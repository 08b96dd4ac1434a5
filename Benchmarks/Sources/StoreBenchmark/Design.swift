import Observation

/// One way of holding the benchmark state and notifying observers of slices of it.
///
/// Every observer reads one item or one field. A design counts the
/// notifications its observers receive; after each update the runner
/// re-arms the observers that fired (they read their slice again, as a
/// SwiftUI view does when it renders), within the measured time or outside
/// it (see ``Timing``).
protocol Design: AnyObject {
    /// A short name for the results table.
    static var name: String { get }

    init(state: BenchState)

    /// Adds one observer of item `index`.
    func observeItem(_ index: Int)
    /// Adds one observer of field `index`.
    func observeField(_ index: Int)

    /// Changes item `index` (S1).
    func changeItem(_ index: Int)
    /// Changes fields `0..<count` in one update (S2).
    func changeFields(count: Int, to value: Int)
    /// Runs an update that leaves the state as it was (S3).
    func changeNothing()

    /// Notifications received since the last call, which resets the count.
    func takeNotificationCount() -> Int
    /// Re-arms the observers that fired since the last call.
    func rearm()
}

/// Carries a value into the `@Sendable` change handlers of Observation.
///
/// `@unchecked Sendable` is sound here because the benchmark runs on one
/// thread, and Observation calls change handlers synchronously on the thread
/// that makes the change.
struct SingleThreaded<Value>: @unchecked Sendable {
    let value: Value
}

/// Re-arming Observation tracking for the designs built on Observation.
final class ObservationTracker {
    private(set) var notifications = 0
    private var fired: [SingleThreaded<() -> Void>] = []

    /// Runs `read` inside Observation tracking; counts a notification when it is invalidated.
    func track(_ read: @escaping () -> Void) {
        let this = SingleThreaded(value: self)
        let again = SingleThreaded(value: read)
        withObservationTracking(read) {
            this.value.notifications += 1
            this.value.fired.append(SingleThreaded(value: { this.value.track(again.value) }))
        }
    }

    func takeNotificationCount() -> Int {
        defer { notifications = 0 }
        return notifications
    }

    /// Tracks again every read whose tracking fired.
    func rearm() {
        let pending = fired
        fired.removeAll(keepingCapacity: true)
        for arm in pending { arm.value() }
    }
}
