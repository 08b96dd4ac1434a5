import Foundation
import Hummingbird
import HummingbirdTesting
import KeelWeb
import NIOCore
import NIOPosix
import Testing

@Suite("Idle and slow connections are closed by the server", .timeLimit(.minutes(1)))
struct IdleConnectionTests {
    /// Far longer than the idle timeout of the server below: a connection
    /// still open then is one the server does not close.
    static let bound: Duration = .seconds(20)

    @Test("a connection that sends nothing, or stops in the middle of a request, is closed; a live response is not cut")
    func idleConnectionsClose() async throws {
        let options = WebOptions(port: 0, heartbeat: .milliseconds(200), idleTimeout: .milliseconds(500), logLevel: .critical)
        let logger = WebServer.logger(label: "test", options: options)
        let public_ = FileManager.default.temporaryDirectory.appendingPathComponent("keelweb-\(TabToken.random())")
        try FileManager.default.createDirectory(at: public_, withIntermediateDirectories: true)
        let router = try WebServer.router(context: WebRequestContext.self, publicDirectory: public_.path, logger: logger) { page in
            page.message.description
        }
        router.post("echo") { request, _ -> Response in
            Response.html(String(buffer: try await request.body.collect(upTo: 1_024)))
        }
        router.get("slow") { _, _ -> Response in
            // A response that takes three idle timeouts to come is still sent.
            try await Task.sleep(for: .milliseconds(1_500))
            return Response.html("done")
        }
        let app = WebServer.application(router: router, name: "test", options: options, logger: logger, sweep: { 0 }, onRunning: { _ in })
        try await app.test(.ahc(.http)) { client in
            let port = try #require(client.port)
            let silent = try await Self.connect(port: port)
            let stalled = try await Self.connect(port: port)
            // A request whose body stops after 4 of its 100 bytes. On a machine
            // slow enough for the server to close the connection before this
            // is written, the write fails: the connection was closed all the same.
            try? await stalled.writeAndFlush(ByteBuffer(string: "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\ntab="))
            #expect(await Self.closes(silent), "a silent connection stays open")
            #expect(await Self.closes(stalled), "a connection stopped in the middle of a request stays open")
            // The test's own client (AsyncHTTPClient) opens a new connection if the server closed its idle one.
            let slow = try await client.execute(uri: "/slow", method: .get)
            #expect(slow.status == .ok)
            #expect(String(buffer: slow.body) == "done")
        }
    }

    /// A server of `options` with a `/health` route.
    static func application(_ options: WebOptions) throws -> some ApplicationProtocol {
        let logger = WebServer.logger(label: "test", options: options)
        let router = try WebServer.router(
            context: WebRequestContext.self, publicDirectory: FileManager.default.temporaryDirectory.path, logger: logger
        ) { page in page.message.description }
        router.get("health") { _, _ in "ok" }
        return WebServer.application(router: router, name: "test", options: options, logger: logger, sweep: { 0 }, onRunning: { _ in })
    }

    @Test("a request sent one byte at a time is closed after the request timeout, though each byte resets the idle one")
    func drippedRequestCloses() async throws {
        let options = WebOptions(port: 0, idleTimeout: .seconds(10), requestTimeout: .milliseconds(800), logLevel: .critical)
        try await Self.application(options).test(.ahc(.http)) { client in
            let port = try #require(client.port)
            let dripping = try await Self.connect(port: port)
            let drip = Task {
                for byte in "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8 + Array(repeating: UInt8(ascii: "a"), count: 200) {
                    guard (try? await dripping.writeAndFlush(ByteBuffer(bytes: [byte]))) != nil else { return }
                    try? await Task.sleep(for: .milliseconds(100))
                }
            }
            #expect(await Self.closes(dripping), "a request dripped byte by byte stays open")
            drip.cancel()
            // Whole requests are answered as ever.
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
    }

    @Test("at the connection maximum, connections that hold an unfinished request give way: a whole request still gets in")
    func maximumConnections() async throws {
        let options = WebOptions(port: 0, idleTimeout: .seconds(30), requestTimeout: .seconds(30), maximumConnections: 8, logLevel: .critical)
        try await Self.application(options).test(.ahc(.http)) { client in
            let port = try #require(client.port)
            var holders: [any Channel] = []
            for _ in 0..<40 {
                guard let holder = try? await Self.connect(port: port) else { continue }
                try? await holder.writeAndFlush(ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
                holders.append(holder)
            }
            for _ in 0..<3 {
                #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            }
            // The oldest holders were closed to make room; at most the maximum stay open.
            var closed = 0
            for holder in holders.prefix(30) where await Self.closes(holder, within: .seconds(2)) { closed += 1 }
            #expect(closed >= 22)
            for holder in holders { try? await holder.close() }
        }
    }

    /// A raw TCP connection to the server.
    static func connect(port: Int) async throws -> any Channel {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get()
    }

    /// Whether the server closes `channel` within `bound` (the test closes it after that).
    static func closes(_ channel: any Channel, within bound: Duration = bound) async -> Bool {
        let timeout = channel.eventLoop.scheduleTask(in: TimeAmount(bound)) { channel.close(promise: nil) }
        try? await channel.closeFuture.get()
        timeout.cancel()
        // The timeout ran (it closed the channel) only if the server did not close it first.
        let timedOut = (try? await timeout.futureResult.get()) != nil
        return !timedOut
    }
}
