import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel
import KeelWebClient
import KeelTesting
import Testing

@Suite("HTTPMock serves registered responses as a transport", .timeLimit(.minutes(1)))
struct HTTPMockTests {
    struct Token: Codable, Equatable, Sendable {
        var issuer: String
        var digits: Int
    }

    /// Sends a request for `url` through `mock`, as a `WebClient` would.
    func load(
        _ mock: HTTPMock,
        _ url: String,
        method: HTTPMethod = .get,
        headers: [String: String] = [:],
        body: Data? = nil,
        timeout: TimeInterval = 60
    ) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: try #require(URL(string: url)), timeoutInterval: timeout)
        request.httpMethod = method.rawValue
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        return try await mock.send(request)
    }

    /// The body of `url` through `mock`, as text.
    func text(_ mock: HTTPMock, _ url: String) async throws -> String {
        String(decoding: try await load(mock, url).0, as: UTF8.self)
    }

    @Test("serves the status, headers and body of a registered response")
    func servesResponse() async throws {
        let mock = HTTPMock()
        mock.register(.get, "https://api.test/tokens", with: .data(Data("[]".utf8), status: 203, headers: ["X-Total": "0"]))

        let (data, response) = try await load(mock, "https://api.test/tokens")

        #expect(data == Data("[]".utf8))
        #expect(response.statusCode == 203)
        #expect(response.value(forHTTPHeaderField: "X-Total") == "0")
        #expect(response.url?.absoluteString == "https://api.test/tokens")
    }

    @Test("records the method, URL, headers and body of every request, in order")
    func recordsRequests() async throws {
        let mock = HTTPMock()
        mock.register(.post, "https://api.test/tokens", with: .status(201))
        mock.register(.get, "https://api.test/tokens?page=2", with: .data(Data("[]".utf8)))

        _ = try await load(mock, "https://api.test/tokens", method: .post, headers: ["X-Trace": "1"], body: Data("{}".utf8))
        _ = try await load(mock, "https://api.test/tokens?page=2")

        let requests = mock.requests
        #expect(requests.map(\.description) == ["POST https://api.test/tokens", "GET https://api.test/tokens?page=2"])
        #expect(requests.first?.header("x-trace") == "1")
        #expect(requests.first?.body == Data("{}".utf8))
        #expect(requests.last?.body == nil)
        #expect(requests.last?.queryItems == [URLQueryItem(name: "page", value: "2")])
    }

    @Test("the order of query items does not matter; scheme and host case and default ports do not either")
    func normalizedMatching() async throws {
        let mock = HTTPMock()
        mock.register(.get, "https://API.test:443/search?b=2&a=1#ignored", with: .text("found"))

        #expect(try await text(mock, "https://api.test/search?a=1&b=2") == "found")
        #expect(try await text(mock, "HTTPS://api.TEST/search?b=2&a=1") == "found")
        #expect(mock.unmatchedRequests.isEmpty)
    }

    @Test("a sequence is served in order, then its last response is reused")
    func sequence() async throws {
        let mock = HTTPMock()
        mock.register(.get, "https://api.test/flaky", with: .text("down", status: 500), .text("up"))

        let statuses = [
            try await load(mock, "https://api.test/flaky").1.statusCode,
            try await load(mock, "https://api.test/flaky").1.statusCode,
            try await load(mock, "https://api.test/flaky").1.statusCode,
        ]

        #expect(statuses == [500, 200, 200])
    }

    @Test("a single response is reused for every request")
    func singleResponseReused() async throws {
        let mock = HTTPMock()
        mock.register(.get, "https://api.test/same", with: .text("again"))

        for _ in 0..<3 {
            #expect(try await text(mock, "https://api.test/same") == "again")
        }
        #expect(mock.requests.count == 3)
    }

    @Test("registering a route again replaces its responses")
    func reRegistering() async throws {
        let mock = HTTPMock()
        mock.register(.get, "https://api.test/value", with: .text("old"))
        mock.register(.get, "https://api.test/value", with: .text("new"))

        #expect(try await text(mock, "https://api.test/value") == "new")
    }

    @Test("bodies from text, JSON and files carry their content type")
    func bodies() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keel-http-mock-\(UUID().uuidString).json")
        try Data("{\"issuer\":\"file\",\"digits\":8}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let mock = HTTPMock()
        mock.register(.get, "https://api.test/text", with: .text("hello"))
        try mock.register(.get, "https://api.test/json", with: .json(Token(issuer: "json", digits: 6)))
        try mock.register(.get, "https://api.test/file", with: .file(file))

        let (text, textResponse) = try await load(mock, "https://api.test/text")
        let (json, jsonResponse) = try await load(mock, "https://api.test/json")
        let (fileData, fileResponse) = try await load(mock, "https://api.test/file")

        #expect(String(decoding: text, as: UTF8.self) == "hello")
        #expect(textResponse.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
        #expect(try JSONDecoder().decode(Token.self, from: json) == Token(issuer: "json", digits: 6))
        #expect(jsonResponse.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try JSONDecoder().decode(Token.self, from: fileData) == Token(issuer: "file", digits: 8))
        #expect(fileResponse.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("a failure fails the request with the WebError of its URLError code")
    func failure() async {
        let mock = HTTPMock()
        mock.register(.get, "https://api.test/down", with: .failure(.notConnectedToInternet))
        mock.register(.get, "https://api.test/tls", with: .failure(.secureConnectionFailed))

        await #expect(throws: WebError.offline) {
            _ = try await load(mock, "https://api.test/down")
        }
        await #expect {
            _ = try await load(mock, "https://api.test/tls")
        } throws: { error in
            guard case .transport(let reason) = error as? WebError else { return false }
            return reason.hasPrefix("URLError \(URLError.Code.secureConnectionFailed.rawValue)")
        }
    }

    @Test("a delayed response arrives after its delay")
    func delayed() async throws {
        let mock = HTTPMock()
        mock.register(.get, "https://api.test/slow", with: .text("late").delayed(by: .milliseconds(100)))
        let clock = ContinuousClock()
        let start = clock.now

        #expect(try await text(mock, "https://api.test/slow") == "late")
        #expect(clock.now - start >= .milliseconds(100))
    }

    @Test("cancelling a request during its delay stops it promptly")
    func delayIsCancellable() async throws {
        let mock = HTTPMock()
        mock.register(.get, "https://api.test/slow", with: .text("late").delayed(by: .seconds(10)))
        let clock = ContinuousClock()
        let start = clock.now

        let request = Task { () async -> WebError? in
            do throws(WebError) {
                _ = try await mock.send(URLRequest(url: URL(string: "https://api.test/slow")!))
                return nil
            } catch {
                return error
            }
        }
        await mock.waitForRequests(count: 1)
        request.cancel()

        #expect(await request.value == .cancelled)
        #expect(clock.now - start < .seconds(5))
        #expect(mock.cancelledRequests.map(\.description) == ["GET https://api.test/slow"])
    }

    @Test("a delay longer than the request's timeout fails with .timeout once the timeout has elapsed")
    func delayBeyondTimeout() async {
        let mock = HTTPMock()
        mock.register(.get, "https://api.test/slow", with: .text("late").delayed(by: .seconds(30)))
        let clock = ContinuousClock()
        let start = clock.now

        await #expect(throws: WebError.timeout) {
            _ = try await load(mock, "https://api.test/slow", timeout: 0.2)
        }
        #expect(clock.now - start >= .milliseconds(200))
        #expect(clock.now - start < .seconds(10))
    }

    @Test("two mocks used at the same time serve only their own routes")
    func concurrentMocksAreIsolated() async throws {
        let first = HTTPMock()
        let second = HTTPMock()
        first.register(.get, "https://api.test/who", with: .text("first"))
        second.register(.get, "https://api.test/who", with: .text("second").delayed(by: .milliseconds(5)))

        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<100 {
                let mock = index.isMultiple(of: 2) ? first : second
                group.addTask {
                    let (data, _) = try await mock.send(URLRequest(url: URL(string: "https://api.test/who")!))
                    return (index, String(decoding: data, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }

        for (index, answer) in answers {
            #expect(answer == (index.isMultiple(of: 2) ? "first" : "second"))
        }
        #expect(answers.count == 100)
        #expect(first.requests.count == 50)
        #expect(second.requests.count == 50)
    }

    @Test("an unmatched request fails naming its method and URL, and is recorded")
    func unmatchedRequests() async throws {
        let other = HTTPMock()
        other.register(.get, "https://api.test/elsewhere", with: .text("not yours"))
        var errors: [String] = []
        var unmatched: [String] = []
        var served: [String] = []

        // The one legitimate known issue: the deliberate unmocked requests.
        await withKnownIssue("the mock reports each unmocked request") {
            let mock = HTTPMock()
            mock.register(.get, "https://api.test/search?a=1&b=2", with: .text("found"))
            for (method, url) in [
                (HTTPMethod.get, "https://api.test/search?a=1"),       // a query pair is missing
                (.post, "https://api.test/search?a=1&b=2"),           // another method
                (.get, "https://api.test/elsewhere"),                 // only the other mock has it
            ] {
                do {
                    _ = try await load(mock, url, method: method)
                } catch {
                    guard case .transport(let reason) = error as? WebError else { continue }
                    errors.append(reason)
                }
            }
            unmatched = mock.unmatchedRequests.map(\.description)
            served = mock.requests.map(\.description)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("HTTPMock: no response registered for ") }
        }

        #expect(errors == [
            "HTTPMock: no response registered for GET https://api.test/search?a=1",
            "HTTPMock: no response registered for POST https://api.test/search?a=1&b=2",
            "HTTPMock: no response registered for GET https://api.test/elsewhere",
        ])
        #expect(unmatched == [
            "GET https://api.test/search?a=1",
            "POST https://api.test/search?a=1&b=2",
            "GET https://api.test/elsewhere",
        ])
        #expect(served.isEmpty)
        #expect(other.requests.isEmpty)
    }

    @Test("waitForRequests returns once enough requests arrived, or when cancelled")
    func waitForRequests() async throws {
        let mock = HTTPMock()
        mock.register(.get, "https://api.test/ping", with: .status(204))

        let waiter = Task { await mock.waitForRequests(count: 2) }
        _ = try await load(mock, "https://api.test/ping")
        _ = try await load(mock, "https://api.test/ping")
        await waiter.value
        await mock.waitForRequests(count: 1) // already satisfied

        let cancelled = Task { await mock.waitForRequests(count: 99) }
        cancelled.cancel()
        await cancelled.value
        #expect(mock.requests.count == 2)
    }

    @Test("waitForRequests records an issue when the requests do not come in time, instead of hanging")
    func waitForRequestsTimeout() async {
        let mock = HTTPMock()
        await withKnownIssue {
            await mock.waitForRequests(count: 1, timeout: .milliseconds(50))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("waited") && $0.rawValue.contains("0 arrived") }
        }
    }
}
