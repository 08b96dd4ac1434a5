import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel
import KeelWebClient
import KeelTesting
import Testing

@Suite("WebClient succeeds and reports HTTP status", .timeLimit(.minutes(1)))
struct WebClientTests {
    typealias Country = WebClientFixture.Country

    @Test("decodes a JSON body")
    func decodesJSON() async throws {
        let mock = HTTPMock()
        try mock.register(.get, WebClientFixture.url("all"), with: .json([WebClientFixture.france, WebClientFixture.peru]))
        let client = WebClientFixture.client(mock)

        let countries = try await client.call(APICall(path: "all"), as: [Country].self)

        #expect(countries == [WebClientFixture.france, WebClientFixture.peru])
    }

    @Test("sends the request it was asked to: method, joined URL, query, headers, JSON body")
    func sendsTheRequestItBuilt() async throws {
        let mock = HTTPMock()
        try mock.register(.post, WebClientFixture.url("countries?dry-run=true&lang=en"), with: .json(WebClientFixture.france, status: 201))
        let client = WebClientFixture.client(mock)
        let call = try APICall(
            .post,
            path: "/countries",
            query: [URLQueryItem(name: "dry-run", value: "true"), URLQueryItem(name: "lang", value: "en")],
            headers: ["Authorization": "Bearer token", "Accept": "application/json"],
            json: WebClientFixture.france
        )

        let created = try await client.call(call, as: Country.self)

        #expect(created == WebClientFixture.france)
        let request = try #require(mock.requests.first)
        #expect(mock.requests.count == 1)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://api.test/v1/countries?dry-run=true&lang=en")
        #expect(request.header("authorization") == "Bearer token")
        #expect(request.header("Accept") == "application/json")
        #expect(request.header("Content-Type") == "application/json")
        let body = try #require(request.body)
        #expect(try JSONDecoder().decode(Country.self, from: body) == WebClientFixture.france)
    }

    @Test("returns the body and the response of data(for:)")
    func returnsDataAndResponse() async throws {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("flag.svg"), with: .data(Data("<svg/>".utf8), headers: ["Content-Type": "image/svg+xml"]))
        let client = WebClientFixture.client(mock)

        let (data, response) = try await client.data(for: APICall(path: "flag.svg"))

        #expect(data == Data("<svg/>".utf8))
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "image/svg+xml")
    }

    @Test("send(_:) accepts a bodiless success")
    func sendAcceptsNoContent() async throws {
        let mock = HTTPMock()
        mock.register(.delete, WebClientFixture.url("tokens/7"), with: .status(204))
        let client = WebClientFixture.client(mock)

        try await client.send(APICall(.delete, path: "tokens/7"))

        #expect(mock.requests.map(\.method) == [.delete])
    }

    @Test("a status outside the accepted range throws .status with its code and body", arguments: [404, 500])
    func statusOutsideRange(code: Int) async throws {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("name/atlantis"), with: .text("{\"message\":\"nope\"}", status: code))
        let client = WebClientFixture.client(mock)

        await #expect(throws: WebError.status(code: code, body: Data("{\"message\":\"nope\"}".utf8))) {
            _ = try await client.call(APICall(path: "name/atlantis"), as: [Country].self)
        }
    }

    @Test("the accepted status range is configurable")
    func acceptedRangeIsConfigurable() async throws {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("cached"), with: .status(304))
        mock.register(.get, WebClientFixture.url("created"), with: .status(201))
        let client = WebClient(baseURL: WebClientFixture.baseURL, transport: mock, acceptedStatus: 200..<201)

        let (_, response) = try await WebClient(baseURL: WebClientFixture.baseURL, transport: mock, acceptedStatus: 200..<400)
            .data(for: APICall(path: "cached"))
        #expect(response.statusCode == 304)
        await #expect(throws: WebError.status(code: 201, body: Data())) {
            try await client.send(APICall(path: "created"))
        }
    }

    @Test("a status error keeps only a bounded prefix of a large body")
    func statusBodyIsBounded() async throws {
        let mock = HTTPMock()
        let large = Data(repeating: UInt8(ascii: "x"), count: WebError.retainedBodyLimit * 3)
        mock.register(.get, WebClientFixture.url("huge"), with: .data(large, status: 502))
        let client = WebClientFixture.client(mock)

        await #expect(throws: WebError.status(code: 502, body: large.prefix(WebError.retainedBodyLimit))) {
            try await client.send(APICall(path: "huge"))
        }
    }

    @Test("a retry sees the next response of a sequence: 500, then 200")
    func sequenceOfResponses() async throws {
        let mock = HTTPMock()
        try mock.register(.get, WebClientFixture.url("all"), with: .status(500), .json([WebClientFixture.peru]))
        let client = WebClientFixture.client(mock)

        await #expect(throws: WebError.status(code: 500, body: Data())) {
            _ = try await client.call(APICall(path: "all"), as: [Country].self)
        }
        let retried = try await client.call(APICall(path: "all"), as: [Country].self)

        #expect(retried == [WebClientFixture.peru])
        #expect(mock.requests.count == 2)
    }

    @Test("the description of an error is developer-facing and precise")
    func errorDescriptions() {
        #expect(WebError.status(code: 404, body: Data("missing".utf8)).description == "HTTP status 404 (7 bytes: missing)")
        #expect(WebError.status(code: 500, body: Data()).description == "HTTP status 500 (empty body)")
        #expect(WebError.offline.description.hasPrefix("offline"))
        #expect(WebError.undecodable("x").description == "undecodable response: x")
    }
}
