import CountriesApp
import CountriesDomain
import CountriesTesting
import Foundation
import Keel
import KeelTesting
import Testing

/// A server keeps a scene per browser tab (up to a thousand): opening and
/// closing one must not compare what every other tab reads in the app state.
@Suite("Scenes open and close in a time that does not grow with the open scenes", .timeLimit(.minutes(1)))
struct SceneScaleTests {
    /// The fastest of a few runs, each opening, reading and closing 50 scenes
    /// beside `open` open scenes whose routing and activity their screens read.
    static func time(beside open: Int) async throws -> Duration {
        let raft = try await Vessel.raft(logbook: MemoryLogbook())
        for index in 0..<open {
            let scene = "open-\(index)"
            raft.sceneActivityAction(scene, true)
            _ = raft.appState.read { $0.routing[scene].path }
            _ = raft.appState.read { $0.routing[scene].flagSheet }
        }
        let clock = ContinuousClock()
        var fastest = Duration.seconds(3600)
        for round in 0..<5 {
            let elapsed = clock.measure {
                for index in 0..<50 {
                    let scene = "new-\(round)-\(index)"
                    raft.sceneActivityAction(scene, true)
                    _ = raft.appState.read { $0.routing[scene].path }
                    raft.sceneActivityAction(scene, false)
                    _ = raft.appState.read { $0.system.inactiveScenes }
                    raft.closeSceneAction(scene)
                }
            }
            fastest = min(fastest, elapsed)
        }
        #expect(raft.appState.state.routing.count == open)
        #expect(raft.appState.state.system.inactiveScenes.isEmpty)
        return fastest
    }

    @Test("beside 2,000 open scenes, a scene opens, becomes inactive and closes about as fast as beside 10")
    func sceneCostIsFlat() async throws {
        let few = try await Self.time(beside: 10)
        let many = try await Self.time(beside: 2_000)
        // Comparing every open scene's routing at each change makes it a hundred times slower.
        #expect(many < few * 5, "beside 10 scenes: \(few); beside 2,000: \(many)")
    }
}
