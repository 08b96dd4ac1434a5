import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
@testable import AuthenticatorWeb
import Foundation
import KeelWeb
import Testing

/// At a period's end, a list tab is sent the new codes only (a small event),
/// made and encoded once for every tab: 500 open tabs must not cost 500
/// renderings of the list (issue 25, item 7).
@Suite("Period boundaries: the codes alone, made once for every tab", .timeLimit(.minutes(5)))
@MainActor
struct BoundaryTests {
    @Test("at a period's end, a list's connection is sent the new codes, not its rows")
    func codesOnly() async throws {
        let (raft, clock) = try await webRaft()
        let frontEnd = try await unlockedFrontEnd(raft)
        let session = unlockedSession(of: frontEnd)
        var events = LiveEvents(frontEnd.liveConnection(of: session, page: .list, limit: nil))
        // A connection starts with the rows, the scene and the codes, in any order.
        let first = try #require(await events.next(count: 3))
        #expect(Set(first.map(\.type)) == ["fragment", "scene", "codes"])

        // The period's end (the clock is 10 s into a 30-second period).
        clock.advance(by: 20)
        frontEnd.tick()
        let boundary = try #require(await events.next())
        #expect(boundary.type == "codes", "the boundary sends the codes, not the rows: \(boundary.type)")
        let github = try #require(raft.appState.read { $0.accounts }.value?.first { $0.account.issuer == "GitHub" })
        let code = raft.makeCodeAction(github.account, clock.now()).text
        let grouped = "\(code.prefix(3)) \(code.dropFirst(3))"
        #expect(boundary.data.contains(grouped), "GitHub's code of the new period")
        #expect(boundary.wire.utf8.count < 512, "a small event: \(boundary.wire.utf8.count) bytes")
        #expect(!TestSecrets.needles.contains { boundary.wire.contains($0) })

        // Then what the list shows changes: the rows come, and they are the
        // first rows since the boundary (none was sent for it).
        try await raft.favouriteAccountAction(github.id, true)
        let change = try #require(await events.next())
        #expect(change.type == "fragment")
        #expect(change.data.contains("Remove from favourites"), "the rows after the change")
        #expect(change.data.contains(grouped), "with the codes of the new period")
    }

    @Test("a boundary's codes are made and encoded once, and the rows rendered for none, however many tabs")
    func onceForEveryTab() async throws {
        let (raft, clock) = try await webRaft()
        let frontEnd = try await unlockedFrontEnd(raft)
        var tabs: [LiveEvents] = []
        for _ in 0..<50 {
            let session = unlockedSession(of: frontEnd)
            var events = LiveEvents(frontEnd.liveConnection(of: session, page: .list, limit: nil))
            _ = try #require(await events.next(count: 3))
            tabs.append(events)
        }
        let encodings = frontEnd.board.encodings
        let renderings = frontEnd.voice("en").fragments.renderCount

        clock.advance(by: 20)
        frontEnd.tick()
        var sent: Set<String> = []
        for index in tabs.indices {
            let event = try #require(await tabs[index].next())
            #expect(event.type == "codes")
            sent.insert(event.wire)
        }
        #expect(sent.count == 1, "every tab is sent the same codes")
        #expect(frontEnd.board.encodings == encodings + 1, "encoded once for 50 tabs")
        #expect(frontEnd.voice("en").fragments.renderCount == renderings, "no tab's rows rendered again")
    }

    static let browser = "a browser that typed the passphrase"

    /// The front-end of `raft`.
    private func unlockedFrontEnd(_ raft: Vessel) async throws -> AuthenticatorFrontEnd {
        try AuthenticatorFrontEnd(service: raft, options: WebOptions(port: 0, logLevel: .critical))
    }

    /// A new tab of ``browser``, let into the vault as the passphrase typed there would.
    private func unlockedSession(of frontEnd: AuthenticatorFrontEnd) -> AuthenticatorTab {
        let session = frontEnd.session(nil, browser: Self.browser)
        session.screens.admitted = frontEnd.locks.open(to: Self.browser)
        return session
    }
}

/// The events of one live connection, read one at a time (each chunk of the
/// stream is one event, a heartbeat or the preamble).
@MainActor
struct LiveEvents {
    /// One event: its type, its data lines joined, and its wire text.
    struct Event {
        let type: String
        let data: String
        let wire: String
    }

    private var chunks: AsyncStream<String>.Iterator

    init(_ stream: AsyncStream<String>) {
        chunks = stream.makeAsyncIterator()
    }

    /// The next event, skipping the preamble and heartbeats; `nil` once the connection ends.
    mutating func next() async -> Event? {
        // A local copy (the iterator is a reference to the stream's storage): a
        // main-actor property cannot be passed to the async `next` as `inout`.
        var iterator = chunks
        defer { chunks = iterator }
        while let chunk = await iterator.next(isolation: #isolation) {
            guard chunk.hasPrefix("event: ") else { continue }
            let lines = chunk.split(separator: "\n")
            let data = lines.filter { $0.hasPrefix("data: ") }.map { $0.dropFirst(6) }.joined(separator: "\n")
            return Event(type: String(lines[0].dropFirst(7)), data: data, wire: chunk)
        }
        return nil
    }

    /// The next `count` events; `nil` if the connection ends before.
    mutating func next(count: Int) async -> [Event]? {
        var events: [Event] = []
        while events.count < count {
            guard let event = await next() else { return nil }
            events.append(event)
        }
        return events
    }
}
