import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel
import KeelWebClient
import Testing

@Suite("APICall builds requests", .timeLimit(.minutes(1)))
struct APICallTests {
    @Test("joins the path to the base URL with exactly one slash", arguments: [
        ("https://api.test/v1", "all", "https://api.test/v1/all"),
        ("https://api.test/v1/", "all", "https://api.test/v1/all"),
        ("https://api.test/v1", "/all", "https://api.test/v1/all"),
        ("https://api.test/v1/", "/all", "https://api.test/v1/all"),
        ("https://api.test", "name/fr", "https://api.test/name/fr"),
        ("https://api.test/v1", "", "https://api.test/v1"),
        ("https://api.test:8443/v1", "all", "https://api.test:8443/v1/all"),
    ])
    func joinsPath(base: String, path: String, expected: String) throws {
        let request = try APICall(path: path).urlRequest(relativeTo: try #require(URL(string: base)))
        #expect(request.url?.absoluteString == expected)
        #expect(request.httpMethod == "GET")
    }

    @Test("percent-encodes the literal path and the query names and values")
    func percentEncodes() throws {
        let call = APICall(path: "name/New Zealand", query: [
            URLQueryItem(name: "q", value: "a+b&c=d"),
            URLQueryItem(name: "city", value: "Zürich"),
            URLQueryItem(name: "flag", value: nil),
        ])
        let request = try call.urlRequest(relativeTo: WebClientFixture.baseURL)
        #expect(request.url?.absoluteString
            == "https://api.test/v1/name/New%20Zealand?q=a%2Bb%26c%3Dd&city=Z%C3%BCrich&flag")
    }

    @Test("keeps the query of the base URL before the query of the call")
    func keepsBaseQuery() throws {
        let base = URL(string: "https://api.test/v1?key=abc")!
        let request = try APICall(path: "all", query: [URLQueryItem(name: "page", value: "2")])
            .urlRequest(relativeTo: base)
        #expect(request.url?.absoluteString == "https://api.test/v1/all?key=abc&page=2")
    }

    @Test("sets method, headers and body")
    func setsMethodHeadersAndBody() throws {
        let call = APICall(.put, path: "tokens/1", headers: ["X-Trace": "42"], body: Data("raw".utf8))
        let request = try call.urlRequest(relativeTo: WebClientFixture.baseURL)
        #expect(request.httpMethod == "PUT")
        #expect(request.value(forHTTPHeaderField: "X-Trace") == "42")
        #expect(request.httpBody == Data("raw".utf8))
    }

    @Test("encodes a JSON body and sets its content type")
    func encodesJSONBody() throws {
        let call = try APICall(path: "countries", json: WebClientFixture.france)
        #expect(call.method == .post)
        #expect(call.headers["Content-Type"] == "application/json")
        let decoded = try JSONDecoder().decode(WebClientFixture.Country.self, from: try #require(call.body))
        #expect(decoded == WebClientFixture.france)
    }

    @Test("keeps an explicit content type of a JSON body")
    func keepsExplicitContentType() throws {
        let call = try APICall(.patch, path: "countries/fr", headers: ["content-type": "application/merge-patch+json"], json: ["name": "France"])
        #expect(call.headers == ["content-type": "application/merge-patch+json"])
    }

    @Test("rejects a body that cannot be encoded as JSON")
    func rejectsUnencodableJSON() {
        #expect {
            _ = try APICall(path: "numbers", json: [Double.nan])
        } throws: { error in
            guard case .invalidRequest(let reason) = error as? WebError else { return false }
            return reason.contains("JSON")
        }
    }

    @Test("rejects paths that cannot stay under the base URL", arguments: [
        "all?fields=name",
        "all#top",
        "https://evil.test/steal",
        "//evil.test/steal",
        "../admin",
        "countries/./fr",
        "line\nbreak",
        "tab\there",
    ])
    func rejectsInvalidPath(path: String) {
        #expect {
            _ = try APICall(path: path).urlRequest(relativeTo: WebClientFixture.baseURL)
        } throws: { error in
            guard case .invalidRequest = error as? WebError else { return false }
            return true
        }
    }

    @Test("rejects a base URL without a scheme or a host", arguments: ["relative/path", "file:///tmp/x", "mailto:someone"])
    func rejectsInvalidBaseURL(base: String) throws {
        let baseURL = try #require(URL(string: base))
        #expect {
            _ = try APICall(path: "all").urlRequest(relativeTo: baseURL)
        } throws: { error in
            guard case .invalidRequest(let reason) = error as? WebError else { return false }
            return reason.contains("base URL")
        }
    }

    @Test("rejects header injection and invalid header names", arguments: [
        ["X-Evil": "a\r\nSet-Cookie: x"],
        ["Bad Name": "value"],
        ["": "value"],
    ])
    func rejectsInvalidHeaders(headers: [String: String]) {
        #expect {
            _ = try APICall(path: "all", headers: headers).urlRequest(relativeTo: WebClientFixture.baseURL)
        } throws: { error in
            guard case .invalidRequest = error as? WebError else { return false }
            return true
        }
    }

    @Test("rejects a method that is not an HTTP token")
    func rejectsInvalidMethod() {
        #expect(throws: WebError.invalidRequest("method \"GET ME\" is not a valid HTTP method")) {
            _ = try APICall(HTTPMethod(rawValue: "GET ME"), path: "all").urlRequest(relativeTo: WebClientFixture.baseURL)
        }
    }
}
