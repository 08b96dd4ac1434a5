import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel
import KeelWebClient
import KeelTesting
import Testing

@Suite("WebClient maps every failure to one WebError", .timeLimit(.minutes(1)))
struct WebClientFailureTests {
    typealias Country = WebClientFixture.Country

    @Test("URLError.timedOut throws .timeout")
    func timedOut() async {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("all"), with: .failure(.timedOut))
        let client = WebClientFixture.client(mock)

        await #expect(throws: WebError.timeout) {
            _ = try await client.call(APICall(path: "all"), as: [Country].self)
        }
    }

    @Test("a server slower than the client's timeout throws .timeout when the timeout elapses")
    func slowerThanTimeout() async throws {
        let mock = HTTPMock()
        try mock.register(.get, WebClientFixture.url("all"), with: .json([WebClientFixture.france]).delayed(by: .seconds(30)))
        let client = WebClientFixture.client(mock, timeout: .milliseconds(200))
        let clock = ContinuousClock()
        let start = clock.now

        await #expect(throws: WebError.timeout) {
            _ = try await client.call(APICall(path: "all"), as: [Country].self)
        }
        #expect(clock.now - start < .seconds(15))
    }

    @Test("no connection, unreachable host and lost connection throw .offline", arguments: [
        URLError.Code.notConnectedToInternet,
        .cannotConnectToHost,
        .networkConnectionLost,
        .cannotFindHost,
        .dnsLookupFailed,
    ])
    func offline(code: URLError.Code) async {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("all"), with: .failure(code))
        let client = WebClientFixture.client(mock)

        await #expect(throws: WebError.offline) {
            _ = try await client.call(APICall(path: "all"), as: [Country].self)
        }
    }

    @Test("other transport failures throw .transport with the URLError code")
    func otherTransportFailure() async {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("all"), with: .failure(.secureConnectionFailed))
        let client = WebClientFixture.client(mock)

        await #expect {
            try await client.send(APICall(path: "all"))
        } throws: { error in
            guard case .transport(let reason) = error as? WebError else { return false }
            return reason.contains("\(URLError.Code.secureConnectionFailed.rawValue)")
        }
    }

    @Test("a body that is not valid JSON throws .undecodable", arguments: [
        "{ this is not json",
        "[{\"name\":\"France\",\"population\":68000000},{\"name\":\"Pe",
        "<html>502 Bad Gateway</html>",
    ])
    func malformedOrTruncatedJSON(body: String) async {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("all"), with: .text(body, headers: ["Content-Type": "application/json"]))
        let client = WebClientFixture.client(mock)

        await #expect {
            _ = try await client.call(APICall(path: "all"), as: [Country].self)
        } throws: { error in
            guard case .undecodable(let reason) = error as? WebError else { return false }
            return reason.hasPrefix("Array<Country>: data corrupted")
        }
    }

    @Test("an empty 200 body where JSON was expected throws .undecodable")
    func emptyBody() async {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("all"), with: .status(200))
        let client = WebClientFixture.client(mock)

        await #expect {
            _ = try await client.call(APICall(path: "all"), as: [Country].self)
        } throws: { error in
            guard case .undecodable = error as? WebError else { return false }
            return true
        }
    }

    @Test(".undecodable says which key is missing and where")
    func missingKey() async {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("all"), with: .text("[{\"name\":\"France\"}]"))
        let client = WebClientFixture.client(mock)

        await #expect(throws: WebError.undecodable("Array<Country>: key \"population\" not found at [0]")) {
            _ = try await client.call(APICall(path: "all"), as: [Country].self)
        }
    }

    @Test(".undecodable says which value has the wrong type")
    func typeMismatch() async {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("fr"), with: .text("{\"name\":\"France\",\"population\":\"many\"}"))
        let client = WebClientFixture.client(mock)

        await #expect {
            _ = try await client.call(APICall(path: "fr"), as: Country.self)
        } throws: { error in
            guard case .undecodable(let reason) = error as? WebError else { return false }
            return reason.hasPrefix("Country: type mismatch: expected Int at population")
        }
    }

    @Test("an invalid path throws .invalidRequest and sends nothing")
    func invalidPath() async {
        let mock = HTTPMock()
        let client = WebClientFixture.client(mock)

        await #expect {
            try await client.send(APICall(path: "https://evil.test/steal"))
        } throws: { error in
            guard case .invalidRequest = error as? WebError else { return false }
            return true
        }
        #expect(mock.requests.isEmpty)
        #expect(mock.unmatchedRequests.isEmpty)
    }

    @Test("an unmocked request fails, naming its method and URL")
    func unmockedRequest() async {
        var failure: WebError?
        var unmatched: [HTTPMock.Request] = []
        // The one legitimate known issue: the mock reports the deliberate
        // unmocked request. A mock records issues in the context that created
        // it, so it is created inside the known-issue scope.
        await withKnownIssue("the mock reports the unmocked request") {
            let mock = HTTPMock()
            let client = WebClientFixture.client(mock)
            do throws(WebError) {
                try await client.send(APICall(path: "nowhere", query: [URLQueryItem(name: "q", value: "1")]))
            } catch {
                failure = error
            }
            unmatched = mock.unmatchedRequests
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("GET https://api.test/v1/nowhere?q=1") }
        }

        #expect(failure == .transport("HTTPMock: no response registered for GET https://api.test/v1/nowhere?q=1"))
        #expect(unmatched.map(\.description) == ["GET https://api.test/v1/nowhere?q=1"])
    }
}
