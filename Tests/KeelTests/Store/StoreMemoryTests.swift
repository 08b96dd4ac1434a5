import Foundation
@_spi(Testing) import Keel
import Observation
import Testing

/// A state with one routing per open scene, as an app with many windows (or
/// browser tabs) holds it.
struct ScenesState: Equatable, Sendable {
    struct Routing: Equatable, Sendable {
        var path: [String] = []
        var flagSheet: String?
    }

    var routing: [String: Routing] = [:]
    var showsRegion = true
}

/// Counts the Observation notifications of the scopes it tracks.
private final class Notified: @unchecked Sendable {
    // @unchecked: `count` is only read and written under `lock`.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

@Suite("The store forgets the slices nobody reads or observes any more", .timeLimit(.minutes(2)))
struct StoreMemoryTests {
    @Test("10,000 scenes opened, read and observed like browser tabs, then closed: the store holds what it held before")
    func scenesComeAndGo() async {
        let store = MutableStore(ScenesState())
        let appState = store.readOnly
        let notified = Notified()
        // What every tab shares: the region switch.
        _ = withObservationTracking { appState.read { $0.showsRegion } } onChange: { notified.add() }
        let before = appState.observedSliceCount

        let scenes = (0..<10_000).map { "scene-\($0)" }
        var streams: [Task<Void, Never>] = []
        for (index, scene) in scenes.enumerated() {
            if index.isMultiple(of: 100) { await Task.yield() }
            store.update(at: { $0.routing[scene] }) { $0 = ScenesState.Routing() }
            // A tab's page: its routing and its flag sheet, tracked as SwiftUI and KeelWeb track them.
            _ = withObservationTracking {
                (appState.read { $0.routing[scene] }, appState.read { $0.routing[scene].flagSheet })
            } onChange: { notified.add() }
            if index.isMultiple(of: 10) {
                // Some tabs also follow their path with a value stream.
                let values = appState.values { $0.routing[scene] }
                streams.append(Task { for await _ in values {} })
            }
        }
        #expect(appState.observedSliceCount > before + 20_000)

        for task in streams { task.cancel() }
        for task in streams { await task.value }
        for (index, scene) in scenes.enumerated() {
            if index.isMultiple(of: 100) { await Task.yield() }
            store.update(at: { $0.routing[scene] }) { $0 = nil }
        }

        #expect(abs(appState.observedSliceCount - before) <= 10)
        #expect(appState.observedSliceCount == before)
        // Each closed tab was told its slices went (one notification per scope).
        #expect(notified.value == scenes.count)
    }

    @Test("a slice read once and changed twice without being read again is forgotten; one read again is kept")
    func readsAndChanges() {
        let store = MutableStore(ScenesState())
        let appState = store.readOnly
        let before = appState.observedSliceCount
        _ = withObservationTracking { appState.read { $0.showsRegion } } onChange: {}
        #expect(appState.observedSliceCount == before + 1)

        store.update { $0.showsRegion.toggle() }
        // Told once, and kept for a scope that installed its observer after its read.
        #expect(appState.observedSliceCount == before + 1)
        store.update { $0.showsRegion.toggle() }
        #expect(appState.observedSliceCount == before)

        _ = withObservationTracking { appState.read { $0.showsRegion } } onChange: {}
        store.update { $0.showsRegion.toggle() }
        _ = withObservationTracking { appState.read { $0.showsRegion } } onChange: {}
        store.update { $0.showsRegion.toggle() }
        #expect(appState.observedSliceCount == before + 1)
    }
}
