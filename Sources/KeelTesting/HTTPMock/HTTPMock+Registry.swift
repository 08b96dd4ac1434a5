import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPMock {
    /// The live mocks, and which one serves a given task.
    ///
    /// A URLProtocol instance is created by the URL loading system, which
    /// only hands it the request and the task. Session-level markers do not
    /// reach it: in swift-corelibs-foundation, `httpAdditionalHeaders` are
    /// not part of the request a protocol sees. So the mock that serves a
    /// request is the one whose session owns the task, which public API can
    /// tell (`URLSession.getAllTasks`).
    final class Registry: Sendable {
        /// The registry of the process.
        static let shared = Registry()

        private let mocks = Locked<[ObjectIdentifier: WeakMock]>([:])

        /// Adds a mock; it stays registered until ``remove(_:)``.
        func insert(_ mock: HTTPMock) {
            mocks.withLock { $0[ObjectIdentifier(mock)] = WeakMock(mock: mock) }
        }

        /// Removes the mock with identifier `id`.
        func remove(_ id: ObjectIdentifier) {
            mocks.withLock { $0[id] = nil }
        }

        /// The live mock whose session owns `task`, if any.
        func mock(owning task: URLSessionTask) async -> HTTPMock? {
            let candidates = mocks.withLock { $0.values.compactMap(\.mock) }
            for mock in candidates where await mock.owns(task) {
                return mock
            }
            return nil
        }
    }

    /// A reference that does not keep a mock alive.
    struct WeakMock: Sendable {
        weak var mock: HTTPMock?
    }

    /// Whether `task` belongs to this mock's session.
    fileprivate func owns(_ task: URLSessionTask) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            session.getAllTasks { tasks in
                continuation.resume(returning: tasks.contains { $0 === task })
            }
        }
    }
}
