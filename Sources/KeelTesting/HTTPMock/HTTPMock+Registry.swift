import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPMock {
    /// The live mocks, each found by the URL protocol class of its session.
    ///
    /// A URL protocol instance is created by the URL loading system, which
    /// hands it only the request and the task; neither tells which session,
    /// hence which mock, it belongs to. (In swift-corelibs-foundation
    /// `httpAdditionalHeaders` are not part of the request a protocol sees,
    /// and `URLSession.getAllTasks` reads the session's task list off the
    /// queue that guards it, a data race that crashes under Thread
    /// Sanitizer.) So every mock installs a URL protocol class of its own,
    /// ``HTTPMockURLProtocol/TaggedClass``, and the registry maps that class
    /// to the mock.
    final class Registry: Sendable {
        /// The registry of the process.
        static let shared = Registry()

        private struct Entries {
            var mocks: [ObjectIdentifier: WeakMock] = [:]
            var classesMade: UInt64 = 0
        }

        private let entries = Locked(Entries())

        /// A URL protocol class that no mock has used yet.
        func makeProtocolClass() -> HTTPMockURLProtocol.Type {
            let number = entries.withLock {
                $0.classesMade += 1
                return $0.classesMade
            }
            return HTTPMockURLProtocol.taggedClass(number: number)
        }

        /// Makes `mock` serve the requests loaded through `protocolClass`,
        /// until ``remove(_:)``.
        func insert(_ mock: HTTPMock, servingThrough protocolClass: HTTPMockURLProtocol.Type) {
            entries.withLock { $0.mocks[ObjectIdentifier(protocolClass)] = WeakMock(mock: mock) }
        }

        /// Removes the mock that serves through the class with identifier `id`.
        func remove(_ id: ObjectIdentifier) {
            entries.withLock { $0.mocks[id] = nil }
        }

        /// The live mock that serves the requests loaded through `protocolClass`.
        func mock(servingThrough protocolClass: HTTPMockURLProtocol.Type) -> HTTPMock? {
            entries.withLock { $0.mocks[ObjectIdentifier(protocolClass)]?.mock }
        }
    }

    /// A reference that does not keep a mock alive.
    struct WeakMock: Sendable {
        weak var mock: HTTPMock?
    }
}
