import Foundation
import Keel
import KeelWebClient

extension HTTPMock {
    /// The error of a request that an ``HTTPMock`` has no response for.
    ///
    /// Its description names the method and the URL of the request.
    public struct UnmatchedRequest: Error, LocalizedError, CustomStringConvertible, Sendable, Hashable {
        /// The method of the request.
        public let method: HTTPMethod
        /// The URL of the request.
        public let url: URL
        init(method: HTTPMethod, url: URL) {
            self.method = method
            self.url = url
        }

        /// Names the method and the URL of the request.
        public var description: String {
            "HTTPMock: no response registered for \(method) \(url.absoluteString)"
        }

        /// The same text as ``description``.
        public var errorDescription: String? { description }
    }
}
