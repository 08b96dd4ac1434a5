import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel

/// A small HTTP client: the web gear of a worker.
///
/// A `WebClient` sends ``APICall``s relative to a base URL through an
/// ``HTTPTransport`` (`URLSession` by default), checks the status code,
/// decodes JSON, and reports every failure as one ``WebError``.
/// It is a `Sendable` value: share it freely between tasks.
///
/// <!-- snippet: Examples/ReadingList/Sources/Data/BookWebWorker.swift#worker -->
/// ```swift
/// public struct BookWebWorker: BookWork {
///     let client: WebClient
///     let logbook: any Logbook
///
///     public init(baseURL: URL, transport: any HTTPTransport = URLSessionTransport(), logbook: any Logbook) {
///         client = WebClient(baseURL: baseURL, transport: transport)
///         self.logbook = logbook
///     }
///
///     public func books() async throws(BookFizzle) -> [Book] {
///         let answer = try await client.call(APICall(path: "books"), as: [BookDTO].self, logbook: logbook, failure: BookFizzle.self)
///         return answer.map { Book(id: $0.id, title: $0.title, author: $0.author, isRead: $0.read ?? false) }
///     }
/// }
///
/// /// A book as the service sends it.
/// struct BookDTO: Decodable {
///     let id: Int
///     let title: String
///     let author: String
///     let read: Bool?
/// }
/// ```
///
/// Cancelling the calling task cancels the request and the call throws
/// ``WebError/cancelled``. A task that is already cancelled sends nothing.
public struct WebClient: Sendable {
    /// The URL that call paths are relative to.
    public let baseURL: URL
    /// What sends the requests.
    public let transport: any HTTPTransport
    /// The timeout of each request.
    public let timeout: Duration
    /// The status codes that count as success.
    public let acceptedStatus: Range<Int>
    /// The decoder used by ``call(_:as:)``.
    public let decoder: JSONDecoder

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The URL that call paths are relative to.
    ///   - transport: What sends the requests. The default is
    ///     `URLSession.shared`; tests pass an `HTTPMock`, servers on Linux an
    ///     `AsyncHTTPClientTransport` (see ``URLSessionTransport``).
    ///   - timeout: The timeout of each request. The default is 30 seconds.
    ///   - acceptedStatus: The status codes that count as success. The
    ///     default is `200..<300`.
    ///   - decoder: The decoder used by ``call(_:as:)``.
    public init(
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport(),
        timeout: Duration = .seconds(30),
        acceptedStatus: Range<Int> = 200..<300,
        decoder: JSONDecoder = JSONDecoder()
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.timeout = timeout
        self.acceptedStatus = acceptedStatus
        self.decoder = decoder
    }

    /// Performs `call` and returns the body and the response.
    ///
    /// - Throws: ``WebError/status(code:body:)`` for a status outside
    ///   ``acceptedStatus``, and any other ``WebError`` case for the failure
    ///   it names.
    public func data(for call: APICall) async throws(WebError) -> (Data, HTTPURLResponse) {
        var request = try call.urlRequest(relativeTo: baseURL)
        request.timeoutInterval = timeoutInterval
        // A cancelled task must not reach the network at all.
        guard !Task.isCancelled else { throw .cancelled }

        let (data, response) = try await transport.send(request)
        // A response that arrives as the task is cancelled is not used.
        guard !Task.isCancelled else { throw .cancelled }
        guard acceptedStatus.contains(response.statusCode) else {
            throw .status(code: response.statusCode, truncating: data)
        }
        return (data, response)
    }

    /// Performs `call` and decodes its JSON body as `Response`.
    ///
    /// - Throws: ``WebError/undecodable(_:)`` when the body (an empty body
    ///   included) does not decode, and the errors of ``data(for:)``.
    public func call<Response: Decodable>(
        _ call: APICall,
        as type: Response.Type = Response.self
    ) async throws(WebError) -> Response {
        let (data, _) = try await self.data(for: call)
        do {
            return try decoder.decode(Response.self, from: data)
        } catch let error as DecodingError {
            throw .undecodable("\(Response.self): \(error.summary)")
        } catch {
            throw .undecodable("\(Response.self): \(error)")
        }
    }

    /// Performs `call` for its effect, ignoring the response body.
    ///
    /// - Throws: The errors of ``data(for:)``.
    public func send(_ call: APICall) async throws(WebError) {
        _ = try await data(for: call)
    }

    /// ``timeout`` in seconds, as `URLRequest` wants it.
    private var timeoutInterval: TimeInterval {
        let (seconds, attoseconds) = timeout.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
