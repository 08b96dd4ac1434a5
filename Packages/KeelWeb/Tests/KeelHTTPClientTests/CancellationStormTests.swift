import Foundation
import Hummingbird
import HummingbirdTesting
import Keel
import KeelWebClient
import KeelHTTPClient
import Observation
import Testing

/// A screen's view model: it loads through a `Loader`, whose tasks are
/// cancelled when the view model is released (on the main actor).
@MainActor
final class DetailsScreen {
    let details = Loader<Int>(logbook: SilentLogbook())
}

/// The hang of issue 25: on Linux, `URLSession.data(for:)` deadlocks when the
/// task awaiting it is cancelled while its response is being delivered, and
/// a view model released on the main actor cancels its load right there. The
/// main actor then never runs again: every page of a server stops.
@Suite("Loads cancelled as their responses arrive never block the main actor", .timeLimit(.minutes(3)))
struct CancellationStormTests {
    @Test("4,000 loads, each released at a random moment around its response, all end")
    func storm() async throws {
        try await testServer().test(.live) { server in
            let client = WebClient(baseURL: URL(string: "http://127.0.0.1:\(server.port!)")!, transport: AsyncHTTPClientTransport())
            let outcomes = await Self.releaseScreens(lanes: 4, rounds: 1_000, client: client)
            #expect(outcomes.total == 4_000)
            // Both sides of the race were exercised: some loads had ended, some not.
            #expect(outcomes.ended > 0)
            #expect(outcomes.running > 0)
        }
    }

    /// Opens screens that load through `client` and releases each at a
    /// random moment around its response, `rounds` times in each of `lanes`
    /// interleaved lanes on the main actor.
    @MainActor
    static func releaseScreens(lanes: Int, rounds: Int, client: WebClient) async -> (ended: Int, running: Int, total: Int) {
        let outcomes = Outcomes()
        let tasks = (0..<lanes).map { _ in
            Task { @MainActor in
                for _ in 0..<rounds { await openAndRelease(client: client, into: outcomes) }
            }
        }
        for task in tasks { await task.value }
        return (outcomes.ended, outcomes.running, outcomes.total)
    }

    /// Opens one screen, and releases it at a random moment around its response.
    @MainActor
    static func openAndRelease(client: WebClient, into outcomes: Outcomes) async {
        var screen: DetailsScreen? = DetailsScreen()
        let task = screen?.details.load { try await client.send(APICall(path: "missing")); return 0 }
        // Release the screen around the moment its response arrives.
        try? await Task.sleep(for: outcomes.releaseMoment())
        if let state = screen?.details.state { outcomes.record(state) }
        screen = nil // Loader.deinit → OwnedTasks.deinit cancels the load here.
        await task?.value
    }
}

/// How the loads stood when their screen was released, and when to release
/// the next one.
///
/// The server answers within a few milliseconds on an idle machine and much
/// later on a busy one, so the release window follows what the loads show:
/// it widens while every recent load was still running when released, and
/// narrows while every recent one had already ended. Both sides of the race
/// are then exercised however fast the machine is.
@MainActor
final class Outcomes {
    private(set) var ended = 0
    private(set) var running = 0
    var total: Int { ended + running }

    private var window = 2_500 // microseconds
    private var recent = (ended: 0, running: 0)

    func record(_ state: Loadable<Int>) {
        if state.isLoading {
            running += 1
            recent.running += 1
        } else {
            ended += 1
            recent.ended += 1
        }
        guard recent.ended + recent.running == 40 else { return }
        if recent.ended == 0 { window = min(window * 2, 100_000) }
        if recent.running == 0 { window = max(window / 2, 100) }
        recent = (0, 0)
    }

    /// A random moment within the current window.
    func releaseMoment() -> Duration {
        .microseconds(Int.random(in: 0...window))
    }
}
