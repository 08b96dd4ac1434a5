import Foundation

extension HTTPMock {
    /// The mutable state of a mock, always accessed under its lock.
    struct State: Sendable {
        /// The responses still to serve, per route; the last one is reused.
        var routes: [Route: [Response]] = [:]
        /// The served requests.
        var requests: [Request] = []
        /// The requests that matched no route.
        var unmatchedRequests: [Request] = []
        /// The served requests that were cancelled during their delay.
        var cancelledRequests: [Request] = []
        /// The tasks suspended in ``HTTPMock/waitForRequests(count:)``.
        var waiters: [UUID: Waiter] = [:]
    }

    /// A task waiting until the mock has served `count` requests.
    struct Waiter: Sendable {
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }
}
