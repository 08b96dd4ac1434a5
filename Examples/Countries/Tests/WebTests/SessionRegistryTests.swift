import CountriesApp
import CountriesDomain
@testable import CountriesWeb
import Testing

@Suite("Tab sessions expire; memory stays bounded", .timeLimit(.minutes(1)))
@MainActor
struct SessionRegistryTests {
    @Test("idle sessions expire; a session with a live connection does not")
    func expiry() async throws {
        let raft = try await webRaft()
        let registry = CountryTabs(service: raft, lifetime: .zero, maximum: 100)
        let idle = registry.session(nil)
        let live = registry.session(nil)
        registry.liveConnection(of: live, opened: true)
        #expect(registry.count == 2)
        try await Task.sleep(for: .milliseconds(5))
        #expect(registry.sweep() == 1)
        #expect(registry.existing(idle.id) == nil)
        #expect(registry.existing(live.id) != nil)
        registry.liveConnection(of: live, opened: false)
        try await Task.sleep(for: .milliseconds(5))
        #expect(registry.sweep() == 1)
        #expect(registry.count == 0)
    }

    @Test("beyond the maximum, the least recently seen session goes")
    func maximum() async throws {
        let raft = try await webRaft()
        let registry = CountryTabs(service: raft, lifetime: .seconds(3600), maximum: 3)
        let sessions = (0..<3).map { _ in registry.session(nil) }
        _ = registry.existing(sessions[0].id)
        _ = registry.session(nil)
        #expect(registry.count == 3)
        #expect(registry.existing(sessions[1].id) == nil)
        #expect(registry.existing(sessions[0].id) != nil)
        for _ in 0..<50 { _ = registry.session(nil) }
        #expect(registry.count == 3)
    }

    @Test("at the maximum, a tenth of the idle sessions go at once, oldest first; tabs with a live connection stay")
    func evictionInBatches() async throws {
        let raft = try await webRaft()
        let registry = CountryTabs(service: raft, lifetime: .seconds(3600), maximum: 20)
        let sessions = (0..<20).map { _ in registry.session(nil) }
        registry.liveConnection(of: sessions[0], opened: true)
        let newest = registry.session(nil)
        #expect(registry.count == 19)
        #expect(registry.existing(sessions[0].id) != nil)
        #expect(registry.existing(newest.id) != nil)
        #expect((1...2).allSatisfy { registry.existing(sessions[$0].id) == nil })
        #expect((3..<20).allSatisfy { registry.existing(sessions[$0].id) != nil })
    }

    @Test("when every tab has a live connection, only the oldest goes, and the new session is never the one")
    func evictionOfLiveTabs() async throws {
        let raft = try await webRaft()
        let registry = CountryTabs(service: raft, lifetime: .seconds(3600), maximum: 20)
        let sessions = (0..<20).map { _ in registry.session(nil) }
        for session in sessions { registry.liveConnection(of: session, opened: true) }
        let newest = registry.session(nil)
        #expect(registry.count == 20)
        #expect(registry.existing(newest.id) === newest)
        #expect(registry.existing(sessions[0].id) == nil)
        #expect((1..<20).allSatisfy { registry.existing(sessions[$0].id) != nil })
    }

    @Test("a tab opened on a details page makes no list screen (nor its suggestions) until it shows its list")
    func listOnlyWhenShown() async throws {
        let raft = try await webRaft()
        let registry = CountryTabs(service: raft, lifetime: .seconds(3600), maximum: 10)
        let details = registry.session(nil)
        _ = details.screens.details(of: "KOR")
        #expect(details.screens.listIfMade == nil)

        let list = registry.session(nil)
        let shown = list.screens.list
        #expect(list.screens.listIfMade === shown)
        #expect(list.screens.list === shown)
    }

    @Test("a closed session leaves no inactive scene behind")
    func closingCleansSharedState() async throws {
        let raft = try await webRaft()
        let registry = CountryTabs(service: raft, lifetime: .zero, maximum: 10)
        let session = registry.session(nil)
        session.root.send(.sceneActivity(isActive: false))
        #expect(raft.appState.state.system.inactiveScenes == [session.scene])
        try await Task.sleep(for: .milliseconds(5))
        registry.sweep()
        #expect(raft.appState.state.system.inactiveScenes.isEmpty)
    }

    @Test("an unknown or missing id gets a new session; tokens are compared exactly")
    func identities() async throws {
        let raft = try await webRaft()
        let registry = CountryTabs(service: raft, lifetime: .seconds(60), maximum: 10)
        let first = registry.session("made-up")
        #expect(first.id != "made-up")
        #expect(registry.session(first.id) === first)
        #expect(first.accepts(token: first.token))
        #expect(!first.accepts(token: String(first.token.dropLast()) + "x"))
        #expect(!first.accepts(token: ""))
        #expect(first.id.count == 32)
    }
}
