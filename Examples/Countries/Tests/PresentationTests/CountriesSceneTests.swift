import CountriesApp
import CountriesDomain
import CountriesPresentation
import CountriesTesting
import KeelTesting
import Testing

/// A window's scene makes its view models once and hands the same ones back
/// however often a view asks: SwiftUI makes views again at every pass, so
/// this is where "once" has to hold.
@Suite("The scene of a window", .timeLimit(.minutes(1)))
@MainActor
struct CountriesSceneTests {
    @Test("every view model of a scene works in the scene's one id")
    func oneID() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let scene = await CountriesScene(raft, id: "window-1")
        let other = await CountriesScene(raft)
        #expect(scene.id == "window-1")
        #expect(other.id != scene.id, "each scene makes an id of its own")
        #expect(scene.root.scene == scene.id)
        scene.root.path = ["KOR"]
        scene.details(of: "KOR").send(.showFlag)
        #expect(raft.appState.state.routing[scene.id]?.flagSheet == "KOR")
        #expect(scene.details(of: "KOR").isFlagSheetShown)
        #expect(raft.appState.state.routing[other.id] == AppState.Routing(), "another scene's routing is untouched")
        scene.root.send(.sceneActivity(isActive: false))
        #expect(scene.root.isContentHidden)
        #expect(!other.root.isContentHidden)
        other.close()
        #expect(raft.appState.state.routing[other.id] == nil, "a closed scene's routing is gone")
    }

    @Test("each screen on the stack keeps its details view model, asked in any order, as a stack is built again at every pass")
    func detailsOnTheStack() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let scene = await CountriesScene(raft)
        scene.root.path = ["KOR", "JPN"]
        let korea = scene.details(of: "KOR")
        let japan = scene.details(of: "JPN")
        for _ in 0..<3 {
            #expect(scene.details(of: "KOR") === korea)
            #expect(scene.details(of: "jpn") === japan, "codes are matched whatever their case")
        }
        await settle { korea.send(.appeared) }
        #expect(korea.facts?.name == "South Korea")
        #expect(scene.details(of: "KOR").facts?.name == "South Korea", "what a screen loaded stays with it")
    }

    @Test("a country that left the stack is let go; opened again, it starts afresh")
    func detailsLeaveTheStack() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let scene = await CountriesScene(raft)
        scene.root.path = ["KOR", "JPN"]
        weak var japan: CountryDetailsViewModel?
        japan = scene.details(of: "JPN")
        let korea = scene.details(of: "KOR")
        #expect(japan != nil)
        scene.root.path = ["KOR"]
        #expect(scene.details(of: "KOR") === korea)
        #expect(japan == nil, "popped: the scene no longer holds it")
        scene.root.path = ["KOR", "JPN"]
        let again = scene.details(of: "JPN")
        #expect(again.details.state == .notRequested)
    }

    @Test("closing the scene forgets its routing and activity and lets its screens go")
    func close() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let scene = await CountriesScene(raft, id: "window-2")
        scene.root.path = ["KOR"]
        weak var korea: CountryDetailsViewModel?
        korea = scene.details(of: "KOR")
        scene.root.send(.sceneActivity(isActive: false))
        #expect(raft.appState.state.routing[scene.id] != nil)
        scene.close()
        #expect(raft.appState.state.routing[scene.id] == nil)
        #expect(!raft.appState.state.system.inactiveScenes.contains(scene.id))
        #expect(korea == nil)
    }
}
