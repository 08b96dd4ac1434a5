import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel
import KeelWebClient
import Testing

@Suite("URLSessionTransport carries requests over URLSession", .timeLimit(.minutes(1)))
struct URLSessionTransportTests {
    @Test("a response comes back whole, whatever its status")
    func response() async throws {
        let server = try LocalHTTPServer(
            response: "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nX-Trace: 7\r\nContent-Length: 15\r\nConnection: close\r\n\r\n{\"status\":404}\n")
        defer { server.stop() }
        let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))

        let (data, response) = try await transport.send(URLRequest(url: server.url("/alpha/XXX")))

        #expect(response.statusCode == 404)
        #expect(response.value(forHTTPHeaderField: "X-Trace") == "7")
        #expect(String(decoding: data, as: UTF8.self) == "{\"status\":404}\n")
    }

    @Test("a WebClient sends through it by default and checks the status")
    func defaultOfWebClient() async throws {
        let server = try LocalHTTPServer(
            response: "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 4\r\nConnection: close\r\n\r\nbusy")
        defer { server.stop() }
        let client = WebClient(baseURL: server.url("/v1"))

        #expect(client.transport is URLSessionTransport)
        await #expect(throws: WebError.status(code: 503, body: Data("busy".utf8))) {
            try await client.send(APICall(path: "all"))
        }
    }

    @Test("a port nobody listens on is offline")
    func refused() async throws {
        let server = try LocalHTTPServer(response: "")
        let url = server.url("/")
        server.stop()
        let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))

        await #expect(throws: WebError.offline) {
            _ = try await transport.send(URLRequest(url: url))
        }
    }
}
