import Foundation
import Keel

extension HTTPMock {
    /// The error of a request that an ``HTTPMock`` has no response for.
    ///
    /// Its description names the method and the URL of the request.
    public struct UnmatchedRequest: Error, LocalizedError, CustomStringConvertible, Sendable, Hashable {
        /// The method of the request.
        public let method: HTTPMethod
        /// The URL of the request.
        public let url: URL
        /// Whether no live mock owns the session of the request (the mock was
        /// deallocated while its session was still in use).
        public let isMockGone: Bool

        init(method: HTTPMethod, url: URL, isMockGone: Bool = false) {
            self.method = method
            self.url = url
            self.isMockGone = isMockGone
        }

        /// Names the method and the URL of the request.
        public var description: String {
            if isMockGone {
                return "HTTPMock: \(method) \(url.absoluteString) was sent through the session of a deallocated HTTPMock"
            }
            return "HTTPMock: no response registered for \(method) \(url.absoluteString)"
        }

        /// The same text as ``description``.
        public var errorDescription: String? { description }
    }
}
