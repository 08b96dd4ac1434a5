import KeelWeb
import Testing

/// Screens that record being closed.
@MainActor
final class RecordingScreens: TabScreens {
    private(set) var closed = false
    func close() { closed = true }
}

@Suite("Tab sessions: a closed tab goes soon, a page without script keeps its session", .timeLimit(.minutes(1)))
@MainActor
struct SessionRegistryTests {
    @Test("a tab whose live connection closed expires after the short lifetime; one never live, or live now, does not")
    func closedTabs() async throws {
        let registry = SessionRegistry<RecordingScreens>(lifetime: .seconds(3600), closedTabLifetime: .zero, maximum: 10) { _ in
            RecordingScreens()
        }
        let closedPage = registry.session(nil), withoutScript = registry.session(nil), open = registry.session(nil)
        let reconnected = registry.session(nil)
        registry.liveConnection(of: closedPage, opened: true)
        registry.liveConnection(of: closedPage, opened: false)
        registry.liveConnection(of: open, opened: true)
        registry.liveConnection(of: reconnected, opened: true)
        registry.liveConnection(of: reconnected, opened: false)
        registry.liveConnection(of: reconnected, opened: true)
        // Past the short lifetime (zero), within the long one.
        try await Task.sleep(for: .milliseconds(5))

        #expect(registry.sweep() == 1)
        #expect(closedPage.screens.closed)
        #expect(registry.existing(closedPage.id) == nil)
        for kept in [withoutScript, open, reconnected] {
            #expect(registry.existing(kept.id) === kept)
            #expect(!kept.screens.closed)
        }
    }

    @Test("without a short lifetime, a closed tab lives as long as any")
    func defaultLifetime() async throws {
        let registry = SessionRegistry<RecordingScreens>(lifetime: .seconds(3600), maximum: 10) { _ in RecordingScreens() }
        let closedPage = registry.session(nil)
        registry.liveConnection(of: closedPage, opened: true)
        registry.liveConnection(of: closedPage, opened: false)
        try await Task.sleep(for: .milliseconds(5))
        #expect(registry.sweep() == 0)
        #expect(registry.existing(closedPage.id) === closedPage)
    }

    @Test("making room evicts the sessions the app keeps longest last: a flood of new tabs evicts its own")
    func keptLongest() {
        var precious: Set<String> = []
        let registry = SessionRegistry<RecordingScreens>(
            lifetime: .seconds(3600), maximum: 10, keepsLongest: { precious.contains($0.id) }
        ) { _ in RecordingScreens() }
        let owner = registry.session(nil)
        precious.insert(owner.id)
        var flood: [TabSession<RecordingScreens>] = []
        for _ in 0..<1_000 { flood.append(registry.session(nil)) }
        #expect(registry.existing(owner.id) === owner)
        #expect(!owner.screens.closed)
        #expect(registry.count <= 10)
        #expect(flood.filter(\.screens.closed).count >= 990)
        // Without the app's word, the oldest goes first, as before.
        precious.removeAll()
        for _ in 0..<10 { _ = registry.session(nil) }
        #expect(owner.screens.closed)
    }

    @Test("a tab's screens know it by a scene name, not by its id (a credential, with the cookie)")
    func sceneIsNotTheID() {
        var scenes: [String] = []
        let registry = SessionRegistry<RecordingScreens>(lifetime: .seconds(3600), maximum: 10) { scene in
            scenes.append(scene)
            return RecordingScreens()
        }
        let session = registry.session(nil)
        #expect(scenes == [session.scene])
        #expect(session.scene.hasPrefix("tab-") && session.scene.count == 12)
        #expect(!session.scene.contains(session.id) && !session.id.contains(session.scene.dropFirst(4)))
    }
}
