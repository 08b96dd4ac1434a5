import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import KeelWeb
import Testing

@Suite("Authenticator live connections: new codes, and the unlock page when the vault locks", .timeLimit(.minutes(5)))
struct LiveRouteTests {
    @Test("a list's connection starts with its rows and its codes, never a secret, and is not stored")
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
            #expect(stream.contains("value=\"\(tab.tab)\""), "the rows' forms carry the tab's id")
            #expect(!stream.contains(SharedFragments.tabMarker) && !stream.contains(SharedFragments.tokenMarker))
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
