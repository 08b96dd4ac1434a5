import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelWeb
import Testing

@Suite("Authenticator live connections: new codes, and the unlock page when the vault locks", .timeLimit(.minutes(5)))
struct LiveRouteTests {
    @Test("a list's connection starts with its rows, the same for every tab, and its codes; never a secret, and not stored")
    func firstEvent() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let response = try await client.get("/events?tab=\(tab.tab)&page=list&max=3", recorder)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream")
            #expect(response.headers[.cacheControl] == "no-store")
            let stream = String(buffer: response.body)
            #expect(stream.contains("event: fragment\ndata: rows\n"))
            #expect(stream.contains("GitHub"))
            #expect(stream.contains("event: codes\ndata: {\"codes\":{"))
            // One event for every tab showing these rows: the page's script fills in its own id and token.
            #expect(stream.contains("value=\"\(SharedFragments.tabMarker)\"") && stream.contains(SharedFragments.tokenMarker))
            #expect(!stream.contains(tab.tab) && !stream.contains(tab.token))
            let other = try #require(try await client.openTab(recorder))
            let theirs = String(buffer: try await client.get("/events?tab=\(other.tab)&page=list&max=1", recorder).body)
            #expect(theirs.hasSuffix("\n\n") && stream.contains(theirs.dropFirst(ServerSentEvent.preamble.count)))
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("a connection is not sent the rows its page shows: named by the page, or by the browser reconnecting")
    func shownRows() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let page = String(buffer: try await client.get("/?tab=\(tab.tab)", recorder).body)
            let shown = try #require(page.firstMatch(of: /<section id="rows" data-shown="([0-9a-f]+)">/)?.1)
            // Its first events: the scene and the codes, not the rows again.
            let named = String(buffer: try await client.get("/events?tab=\(tab.tab)&page=list&max=2&shown=\(shown)", recorder).body)
            #expect(named.contains("event: scene") && named.contains("event: codes") && !named.contains("event: fragment"))
            let reconnected = String(buffer: try await client.execute(
                uri: "/events?tab=\(tab.tab)&page=list&max=2&shown=0", method: .get,
                headers: await recorder.withCookie([HTTPField.Name("Last-Event-ID")!: String(shown)])).body)
            #expect(!reconnected.contains("event: fragment"), "the browser's Last-Event-ID comes before the page's")
            // Rows other than those it names (changed since, or a page of an earlier run of the server): sent.
            let stale = String(buffer: try await client.get("/events?tab=\(tab.tab)&page=list&max=3&shown=0", recorder).body)
            #expect(stale.contains("id: \(shown)\nevent: fragment\ndata: rows\n"))
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("when the vault locks, every page's connection sends its tab to the unlock page")
    func locking() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            // Whether the lock comes before the connection listens or after,
            // the connection sends the tab away and ends there.
            let locking = Task { await raft.lockVaultAction() }
            let response = try await client.get("/events?tab=\(tab.tab)&page=settings", recorder)
            await locking.value
            let stream = String(buffer: response.body)
            #expect(stream.contains("event: navigate\ndata: /unlock?tab=\(tab.tab)"))
            #expect(try await client.get("/events?tab=nope&page=list", recorder).status == .notFound)
            #expect(try await client.get("/events?tab=\(tab.tab)&page=admin", recorder).status == .badRequest)
        }
        #expect(await recorder.leaks().isEmpty)
    }
}
