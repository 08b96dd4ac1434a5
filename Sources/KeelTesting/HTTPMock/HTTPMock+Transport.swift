import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel
import KeelWebClient
import Testing

extension HTTPMock {
    /// Answers `request` with the registered response, as a server would.
    ///
    /// A delayed response waits in the calling task: cancelling it ends the
    /// wait with `WebError.cancelled` (and lists the request in
    /// ``cancelledRequests``); a delay past the request's `timeoutInterval`
    /// ends with `WebError.timeout` once that timeout has elapsed.
    public func send(_ request: URLRequest) async throws(WebError) -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw .invalidRequest("the request has no URL") }
        let received = Request(
            method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), url: url,
            headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody)
        guard let response = response(to: received) else {
            let error = UnmatchedRequest(method: received.method, url: url)
            if Test.current != nil {
                Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
            }
            throw .transport(error.description)
        }
        if response.delay > .zero {
            let timeout = request.timeoutInterval > 0 && request.timeoutInterval < 1e9
                ? Duration.seconds(request.timeoutInterval) : response.delay
            do {
                try await Task.sleep(for: min(response.delay, timeout))
            } catch {
                recordCancellation(of: received)
                throw .cancelled
            }
            if response.delay > timeout { throw .timeout }
        }
        if let failure = response.failure {
            throw WebError(transportError: URLError(failure, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        }
        guard let head = HTTPURLResponse(
            url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers)
        else {
            throw .transport("HTTPMock: status \(response.status) cannot form a response")
        }
        return (received.method == .head ? Data() : response.body, head)
    }
}
