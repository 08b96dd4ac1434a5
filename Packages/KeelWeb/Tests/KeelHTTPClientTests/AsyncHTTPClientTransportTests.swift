import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
import Keel
import KeelWebClient
import KeelHTTPClient
import Testing

/// A server on 127.0.0.1 with the routes the tests call.
func testServer() -> some ApplicationProtocol {
    let router = Router()
    router.get("countries") { _, _ in
        Response(status: .ok, headers: [.contentType: "application/json", .init("X-Trace")!: "7"],
                 body: .init(byteBuffer: ByteBuffer(string: #"[{"name":"Peru"}]"#)))
    }
    router.post("echo") { request, _ in
        let body = try await request.body.collect(upTo: 1 << 20)
        return Response(status: .created, body: .init(byteBuffer: body))
    }
    router.get("missing") { _, _ in
        // The restcountries answer to an unknown code, after a moment.
        try await Task.sleep(for: .microseconds(Int.random(in: 0...2_000)))
        return Response(status: .notFound, body: .init(byteBuffer: ByteBuffer(string: #"{"status":404}"#)))
    }
    router.get("slow") { _, _ in
        try await Task.sleep(for: .seconds(1))
        return Response(status: .ok)
    }
    router.get("large") { _, _ in
        Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: 65, count: 4096)))
    }
    return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
}

@Suite("AsyncHTTPClientTransport sends a WebClient's requests", .timeLimit(.minutes(1)))
struct AsyncHTTPClientTransportTests {
    struct Country: Decodable, Equatable { var name: String }

    func client(port: Int, transport: AsyncHTTPClientTransport = AsyncHTTPClientTransport(), timeout: Duration = .seconds(10)) -> WebClient {
        WebClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: transport, timeout: timeout)
    }

    @Test("a response comes back whole: status, headers, decoded body; a request's body goes out")
    func roundTrip() async throws {
        try await testServer().test(.live) { server in
            let client = client(port: server.port!)
            #expect(try await client.call(APICall(path: "countries"), as: [Country].self) == [Country(name: "Peru")])
            let (data, response) = try await client.data(for: APICall(path: "countries"))
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "x-trace") == "7")
            #expect(String(decoding: data, as: UTF8.self) == #"[{"name":"Peru"}]"#)
            let (echo, created) = try await client.data(for: APICall(.post, path: "echo", body: Data("hello".utf8)))
            #expect(created.statusCode == 201)
            #expect(String(decoding: echo, as: UTF8.self) == "hello")
        }
    }

    @Test("a status outside the accepted range is the client's .status error")
    func status() async throws {
        try await testServer().test(.live) { server in
            await #expect(throws: WebError.status(code: 404, body: Data(#"{"status":404}"#.utf8))) {
                try await client(port: server.port!).send(APICall(path: "missing"))
            }
            return
        }
    }

    @Test("failures: a refused connection is offline, a slow answer a timeout, a large body a transport failure")
    func failures() async throws {
        // A port that was just free: nobody listens there.
        let freePort = try await testServer().test(.live) { server in server.port! }
        await #expect(throws: WebError.offline) {
            try await client(port: freePort).send(APICall(path: "countries"))
        }
        try await testServer().test(.live) { server in
            await #expect(throws: WebError.timeout) {
                try await client(port: server.port!, timeout: .milliseconds(200)).send(APICall(path: "slow"))
            }
            let small = AsyncHTTPClientTransport(maximumBodySize: 1024)
            await #expect {
                try await client(port: server.port!, transport: small).send(APICall(path: "large"))
            } throws: { error in
                guard case .transport(let reason) = error as? WebError else { return false }
                return reason.contains("larger than 1024 bytes")
            }
        }
    }

    @Test("cancelling the calling task ends the call with .cancelled at once")
    func cancel() async throws {
        try await testServer().test(.live) { server in
            let client = client(port: server.port!)
            let call = Task { () async -> WebError? in
                do throws(WebError) {
                    try await client.send(APICall(path: "slow"))
                    return nil
                } catch {
                    return error
                }
            }
            try await Task.sleep(for: .milliseconds(50))
            call.cancel()
            #expect(await call.value == .cancelled)
        }
    }
}
