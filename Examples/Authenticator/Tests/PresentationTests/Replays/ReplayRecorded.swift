import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import Foundation
import Keel
import KeelTesting

/// The secret a replay puts back in a link it adds: a record never holds the one typed.
let replaySecret = "JBSWY3DPEHPK3PXP"

/// Replays a session the app's timeline recorded: what a file that "Save as
/// test" wrote in this folder calls (KeelTesting's `TimelineReplay`).
///
/// The container is a raft with no vault yet, as a first start, its usecases
/// asking the recorded times. A record never holds a secret, so the replay
/// types its own: the raft's passphrase where the person typed theirs, and
/// ``replaySecret`` in each link added (the state shows secrets redacted, so
/// the accounts read the same). Each event goes to its screen in the scene it
/// was recorded in, made with the recorded id (`Account list in tab-1f2e3d4c`).
///
/// - Parameter importer: The worker that reads links, to change what it
///   answers (a test that shows a replay failing).
/// - Throws: `ReplayFailure`, at the first update that is not the recorded one.
@MainActor
func replayRecorded(_ json: String, importer: (any ImportWork)? = nil) async throws {
    let replay = try TimelineReplay(json: json)
    let raft = try await firstStart(
        now: replay.answers(of: "now()", otherwise: { Date(timeIntervalSince1970: 1_800_000_000) }), importer: importer)
    let unlock = UnlockViewModel(raft)
    var scenes: [String: AuthenticatorScene] = [:]
    func scene(_ id: String) -> AuthenticatorScene {
        if let scene = scenes[id] { return scene }
        var made: AuthenticatorScene?
        // A scene follows the app state for as long as it lives: work meant
        // to last, started apart from the event's (which the replay waits for).
        _ = OwnedTasks.tasks { made = AuthenticatorScene(service: raft, id: id) }
        scenes[id] = made
        return made!
    }
    try await replay.run(on: raft.appState) { event in
        switch (event.screenName, event.scene) {
        case ("Unlock", nil):
            unlock.passphrase = Vessel.raftPassphrase
            unlock.confirmation = Vessel.raftPassphrase
            unlock.send(try event.decoded())
        case let ("Scene", id?):
            scene(id).present(try event.decoded(as: AppState.Sheet?.self))
        case let ("Account link", id?):
            let added: LinkAdded = try event.decoded()
            let adder = scene(id).linkAdder()
            adder.link = added.link(withSecret: replaySecret)
            adder.send(.add)
        case let ("Account list", id?):
            scene(id).list().send(try event.decoded())
        default:
            throw event.unknownScreen
        }
    }
}

/// A raft as the app's first start: no vault yet, a timeline kept.
func firstStart(now: (@Sendable () -> Date)? = nil, importer: (any ImportWork)? = nil) async throws -> Vessel {
    var state = AppState()
    state.lock = .noVault
    return try await Vessel.raft(state: state, now: now, importer: importer, timeline: 10_000)
}
