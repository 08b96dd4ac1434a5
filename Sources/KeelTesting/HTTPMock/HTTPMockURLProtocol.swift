import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel

/// The URL protocol that answers the requests of ``HTTPMock`` sessions.
///
/// Each mock session installs its own subclass, ``TaggedClass``, which tells
/// the protocol the mock to ask. It is installed only in the
/// `protocolClasses` of mock sessions, so it accepts every request: nothing
/// a mock session loads reaches the network.
class HTTPMockURLProtocol: URLProtocol {
    private let exchange = Exchange()

    override class func canInit(with request: URLRequest) -> Bool {
        true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        let exchange = self.exchange
        guard let url = request.url else {
            exchange.begin(with: self) { nil }
            exchange.fail(URLError(.badURL))
            return
        }
        let received = HTTPMock.Request(
            method: HTTPMethod(rawValue: request.httpMethod ?? "GET"),
            url: url,
            headers: request.allHTTPHeaderFields ?? [:],
            body: Self.body(of: request)
        )
        let timeout = request.timeoutInterval
        let mock = HTTPMock.Registry.shared.mock(servingThrough: type(of: self))
        exchange.begin(with: self) {
            Task { await Self.serve(received, timeout: timeout, by: mock, through: exchange) }
        }
    }

    override func stopLoading() {
        exchange.stop()
    }

    /// Answers `request` with the response of `mock`, the mock of the
    /// session (`nil` when that mock is gone).
    private static func serve(
        _ request: HTTPMock.Request,
        timeout: TimeInterval,
        by mock: HTTPMock?,
        through exchange: Exchange
    ) async {
        guard let mock else {
            exchange.fail(HTTPMock.UnmatchedRequest(method: request.method, url: request.url, isMockGone: true))
            return
        }
        guard let response = mock.response(to: request) else {
            let error = HTTPMock.UnmatchedRequest(method: request.method, url: request.url)
            await mock.reporter.report(error.description)
            exchange.fail(error)
            return
        }
        if response.delay > .zero {
            let timeoutDuration = timeout > 0 && timeout < 1e9 ? Duration.seconds(timeout) : response.delay
            guard exchange.onStop({ mock.recordCancellation(of: request) }) else {
                mock.recordCancellation(of: request)
                return
            }
            do {
                try await Task.sleep(for: min(response.delay, timeoutDuration))
            } catch {
                return // Stopped: the session reports the cancellation itself.
            }
            if response.delay > timeoutDuration {
                exchange.fail(URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: request.url]))
                return
            }
        }
        if let failure = response.failure {
            exchange.fail(URLError(failure, userInfo: [NSURLErrorFailingURLErrorKey: request.url]))
            return
        }
        guard let httpResponse = HTTPURLResponse(
            url: request.url,
            statusCode: response.status,
            httpVersion: "HTTP/1.1",
            headerFields: response.headers
        ) else {
            exchange.fail(URLError(.badServerResponse))
            return
        }
        exchange.respond(httpResponse, body: request.method == .head ? Data() : response.body)
    }

    /// The body of `request`. Darwin hands URL protocols the body as a stream.
    private static func body(of request: URLRequest) -> Data? {
        if let body = request.httpBody {
            return body
        }
        guard let stream = request.httpBodyStream else {
            return nil
        }
        stream.open()
        defer { stream.close() }
        var body = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            body.append(buffer, count: count)
        }
        return body
    }
}
