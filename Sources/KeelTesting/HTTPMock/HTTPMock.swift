import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel
import KeelWebClient
import Testing

/// A fake HTTP server for tests: the `HTTPTransport` of the code under test.
///
/// Hand the mock to the code under test as its transport (a `WebClient`'s,
/// a worker's), register the responses the test needs, and assert on the
/// requests the mock received:
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#httpMock -->
/// ```swift
/// let mock = HTTPMock()
/// mock.register(.get, "https://books.test/v1/books", with: .text(#"[{"id": 1, "title": "Dune", "author": "Frank Herbert"}]"#))
/// let client = WebClient(baseURL: URL(string: "https://books.test/v1")!, transport: mock)
/// let books = try await client.call(APICall(path: "books"), as: [BookJSON].self)
/// #expect(books.map(\.title) == ["Dune"])
/// #expect(mock.requests.map(\.url.path) == ["/v1/books"])
/// ```
///
/// The mock stands where the network would: everything above it (building
/// the request, checking the status, decoding, cancelling) runs as in the
/// app, on every platform, and nothing it serves reaches the network.
///
/// ## Matching
///
/// A request matches a registered response when its method and its URL are
/// equal to the registered ones. The scheme and host are compared
/// case-insensitively, a default port equals no port, an empty path equals
/// `/`, the fragment is ignored, and the query is compared as a list of
/// name-value pairs **in any order**: `?a=1&b=2` matches `?b=2&a=1`, but
/// every pair must be present, and no other.
///
/// ## Unmatched requests fail loudly
///
/// A request that matches nothing fails with ``UnmatchedRequest``, whose
/// description names its method and URL; the mock lists it in
/// ``unmatchedRequests`` and records an `Issue` in the Swift Testing test
/// that sent it.
///
/// ## Isolation
///
/// Each mock serves only the clients it was handed to: mocks used by tests
/// running in parallel never see each other's routes.
public final class HTTPMock: HTTPTransport {
    let state = Locked(State())
    /// Where issues about unmatched requests are attributed.
    let sourceLocation: SourceLocation

    /// Creates a mock with no registered response.
    ///
    /// - Parameter sourceLocation: Where issues about unmatched requests are
    ///   attributed. The default is the place the mock is created.
    public init(sourceLocation: SourceLocation = #_sourceLocation) {
        self.sourceLocation = sourceLocation
    }

    /// Registers the responses to the requests with `method` and `url`.
    ///
    /// The responses are served in order, one per request; the last one is
    /// then reused for every later request. Registering the same route again
    /// replaces its responses.
    ///
    /// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#registerSequence -->
    /// ```swift
    /// mock.register(.get, "https://books.test/v1/books", with: .status(500), .text("[]"))  // 500, then 200 forever
    /// ```
    public func register(
        _ method: HTTPMethod,
        _ url: URL,
        with response: Response,
        _ more: Response...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        register(method, url, responses: [response] + more, sourceLocation: sourceLocation)
    }

    /// Registers the responses to the requests with `method` and the URL
    /// spelled by `url`, like the variant that takes a `URL`.
    ///
    /// A string that is not an absolute URL records an issue and registers
    /// nothing.
    public func register(
        _ method: HTTPMethod,
        _ url: String,
        with response: Response,
        _ more: Response...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let parsed = URL(string: url) else {
            Issue.record("HTTPMock: cannot register \(method) \"\(url)\": not a URL", sourceLocation: sourceLocation)
            return
        }
        register(method, parsed, responses: [response] + more, sourceLocation: sourceLocation)
    }

    /// The requests this mock served, in the order they arrived.
    public var requests: [Request] {
        state.withLock { $0.requests }
    }

    /// The requests that matched no registered response, in the order they
    /// arrived. Each of them failed with ``UnmatchedRequest``.
    public var unmatchedRequests: [Request] {
        state.withLock { $0.unmatchedRequests }
    }

    /// The served requests that were cancelled while the mock was delaying
    /// their response, in the order they were cancelled.
    ///
    /// A cancelled call that has returned has its request in this list.
    public var cancelledRequests: [Request] {
        state.withLock { $0.cancelledRequests }
    }

    /// Suspends until this mock has served at least `count` requests, the
    /// calling task is cancelled, or `timeout` passed, which records a test
    /// issue: a request that never comes fails the test instead of hanging it.
    ///
    /// A request counts as soon as it arrives, before any delay of its
    /// response: use this to know that a request is in flight.
    public func waitForRequests(
        count: Int = 1, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let arrived = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.suspendUntilRequests(count: count)
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !arrived, !Task.isCancelled {
            Issue.record(
                "HTTPMock: waited \(timeout) for \(count) request(s); \(requests.count) arrived", sourceLocation: sourceLocation)
        }
    }

    /// Suspends until this mock has served at least `count` requests, or until the calling task is cancelled.
    private func suspendUntilRequests(count: Int) async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let isReady = state.withLock { state in
                    if state.requests.count >= count || Task.isCancelled { return true }
                    state.waiters[id] = Waiter(count: count, continuation: continuation)
                    return false
                }
                if isReady { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }

    private func register(_ method: HTTPMethod, _ url: URL, responses: [Response], sourceLocation: SourceLocation) {
        guard let route = Route(method, url) else {
            Issue.record(
                "HTTPMock: cannot register \(method) \"\(url.absoluteString)\": not an absolute URL",
                sourceLocation: sourceLocation
            )
            return
        }
        state.withLock { $0.routes[route] = responses }
    }

    /// Records that the loading of `request` was cancelled during its delay.
    func recordCancellation(of request: Request) {
        state.withLock { $0.cancelledRequests.append(request) }
    }

    /// Records `request` and returns the response it gets, or `nil` when no
    /// registered response matches it.
    func response(to request: Request) -> Response? {
        let (response, readyWaiters) = state.withLock { state -> (Response?, [Waiter]) in
            guard let route = Route(request.method, request.url),
                  var responses = state.routes[route],
                  let response = responses.first
            else {
                state.unmatchedRequests.append(request)
                return (nil, [])
            }
            if responses.count > 1 {
                responses.removeFirst()
                state.routes[route] = responses
            }
            state.requests.append(request)
            let served = state.requests.count
            let ready = state.waiters.filter { $0.value.count <= served }
            for id in ready.keys { state.waiters[id] = nil }
            return (response, Array(ready.values))
        }
        for waiter in readyWaiters { waiter.continuation.resume() }
        return response
    }
}
