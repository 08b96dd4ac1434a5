import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel

/// What carries a ``WebClient``'s requests to the network and back: the one
/// place where an HTTP library's errors become ``WebError``s.
///
/// Keel ships ``URLSessionTransport``. A server on Linux passes one over
/// AsyncHTTPClient instead (KeelWeb's `AsyncHTTPClientTransport`), and tests
/// pass KeelTesting's `HTTPMock`.
///
/// A transport reports a response whatever its status (the client checks
/// the status), and throws only for a request that got no response:
/// ``WebError/offline``, ``WebError/timeout``, ``WebError/cancelled`` when the
/// calling task is cancelled, or ``WebError/transport(_:)``.
public protocol HTTPTransport: Sendable {
    /// Sends `request`, which stops early when the calling task is
    /// cancelled, and returns the response's body and head.
    func send(_ request: URLRequest) async throws(WebError) -> (Data, HTTPURLResponse)
}

/// A transport over `URLSession`: the default of a ``WebClient``.
///
/// - Important: On Linux, swift-corelibs-foundation's `URLSession` can
///   deadlock (`URLSession.data(for:)`, swift-corelibs-foundation #5412) or
///   crash (`TaskRegistry.swift`: "Trying to access a behaviour for a task
///   that in not in the registry") when a request is cancelled as its
///   response arrives. Anything on Linux that cancels requests — a server
///   whose pages go away while they load — uses KeelWeb's
///   `AsyncHTTPClientTransport` instead.
public struct URLSessionTransport: HTTPTransport {
    /// The session that performs the requests.
    public let session: URLSession

    /// Creates a transport over `session`.
    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: URLRequest) async throws(WebError) -> (Data, HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        do {
            // Cancelling the calling task cancels the URLSessionTask.
            (data, response) = try await session.data(for: request)
        } catch {
            throw Task.isCancelled ? .cancelled : WebError(transportError: error)
        }
        guard let response = response as? HTTPURLResponse else {
            throw .transport("the response to \(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "") is not an HTTP response")
        }
        return (data, response)
    }
}
