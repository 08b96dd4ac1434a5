import Foundation
import Keel
import KeelWebClient

extension HTTPMock {
    /// A request received by an ``HTTPMock``, as the code under test sent it.
    public struct Request: Sendable, Hashable, CustomStringConvertible {
        /// The HTTP method.
        public let method: HTTPMethod
        /// The full URL, query included.
        public let url: URL
        /// The header fields, as the URL loading system handed them over.
        public let headers: [String: String]
        /// The body, or `nil` when the request has none.
        public let body: Data?

        /// Creates a request record.
        public init(method: HTTPMethod, url: URL, headers: [String: String] = [:], body: Data? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }

        /// The value of the header field `name`, compared case-insensitively.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// The query items of ``url``, decoded, in order.
        public var queryItems: [URLQueryItem] {
            URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
        }

        /// The method and URL, such as `GET https://api.test/all`.
        public var description: String {
            "\(method) \(url.absoluteString)"
        }
    }
}
