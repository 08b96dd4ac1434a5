import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPMock {
    /// What an ``HTTPMock`` answers to a request: a status, headers and a
    /// body, or a transport failure, optionally after a delay.
    ///
    /// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#responses -->
    /// ```swift
    /// let responses: [HTTPMock.Response] = [
    ///     .status(404),
    ///     try .json(BookJSON(id: 1, title: "Dune", author: "Frank Herbert")),
    ///     .text("{ not json"),
    ///     .failure(.notConnectedToInternet),
    ///     try .json([BookJSON]()).delayed(by: .seconds(10)),
    /// ]
    /// ```
    public struct Response: Sendable, Hashable {
        /// The HTTP status code.
        public var status: Int
        /// The header fields.
        public var headers: [String: String]
        /// The body.
        public var body: Data
        /// How long the mock waits before answering. The wait ends early when
        /// the request is cancelled. When the delay exceeds the request's
        /// `timeoutInterval`, the request fails with `URLError.timedOut` once
        /// that timeout has elapsed, like a server that is too slow.
        public var delay: Duration
        /// When set, the request fails with this `URLError` code instead of
        /// receiving a response.
        public var failure: URLError.Code?

        /// Creates a response.
        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.failure = nil
        }

        /// A response with `status` and an empty body.
        public static func status(_ status: Int, headers: [String: String] = [:]) -> Response {
            Response(status: status, headers: headers)
        }

        /// A response whose body is `body`.
        public static func data(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> Response {
            Response(status: status, headers: headers, body: body)
        }

        /// A response whose body is `text` in UTF-8, `text/plain` unless
        /// `headers` set a `Content-Type`.
        public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Response {
            Response(
                status: status,
                headers: withDefaultContentType("text/plain; charset=utf-8", in: headers),
                body: Data(text.utf8)
            )
        }

        /// A response whose body is `value` encoded as JSON, `application/json`
        /// unless `headers` set a `Content-Type`.
        ///
        /// - Note: A `String` value is encoded as a JSON string. For raw JSON
        ///   text, such as a deliberately malformed body, use ``text(_:status:headers:)``.
        /// - Throws: The error of `encoder`.
        public static func json<Value: Encodable>(
            _ value: Value,
            status: Int = 200,
            headers: [String: String] = [:],
            encoder: JSONEncoder = JSONEncoder()
        ) throws -> Response {
            Response(
                status: status,
                headers: withDefaultContentType("application/json", in: headers),
                body: try encoder.encode(value)
            )
        }

        /// A response whose body is the contents of the file at `fileURL`,
        /// read now. A `.json` file is served as `application/json` unless
        /// `headers` set a `Content-Type`.
        ///
        /// - Throws: The error of reading the file.
        public static func file(_ fileURL: URL, status: Int = 200, headers: [String: String] = [:]) throws -> Response {
            let body = try Data(contentsOf: fileURL)
            let headers = fileURL.pathExtension.lowercased() == "json"
                ? withDefaultContentType("application/json", in: headers)
                : headers
            return Response(status: status, headers: headers, body: body)
        }

        /// A transport failure with `code`, such as `.notConnectedToInternet`
        /// or `.timedOut`, instead of a response.
        public static func failure(_ code: URLError.Code) -> Response {
            var response = Response()
            response.failure = code
            return response
        }

        /// This response, served after `delay`.
        public func delayed(by delay: Duration) -> Response {
            var response = self
            response.delay = delay
            return response
        }

        private static func withDefaultContentType(_ type: String, in headers: [String: String]) -> [String: String] {
            guard !headers.keys.contains(where: { $0.caseInsensitiveCompare("Content-Type") == .orderedSame }) else {
                return headers
            }
            var headers = headers
            headers["Content-Type"] = type
            return headers
        }
    }
}
