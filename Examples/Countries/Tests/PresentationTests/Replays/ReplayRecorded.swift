import CountriesApp
import CountriesData
import CountriesDomain
import CountriesPresentation
import Foundation
import Keel
import KeelTesting

/// Replays a session the app's timeline recorded: what a file that "Save as
/// test" wrote in this folder calls (KeelTesting's `TimelineReplay`).
///
/// The container is the mocked phase's, as the app starts with `--phase
/// mocked` or on a fresh data directory: the snapshot's countries in a
/// database in memory, the snapshot standing in for the web, the list's
/// query running. Each event goes to its screen in the scene it was
/// recorded in, made with the recorded id (`Country details KOR in
/// tab-1f2e3d4c`: the details of KOR in that scene), so that the routing the
/// record shows is the replay's. The clock answers the recorded times.
///
/// - Parameter database: The database worker over the in-memory one, to
///   change what it answers (a test that shows a replay failing).
/// - Throws: `ReplayFailure`, at the first update that is not the recorded one.
// snippet.replayRecorded
@MainActor
func replayRecorded(
    _ json: String, database: (@Sendable (any CountryDatabaseWork) -> any CountryDatabaseWork)? = nil
) async throws {
    let replay = try TimelineReplay(json: json)
    // The clock answers what it answered in the session; a fixed date after that.
    let now = replay.answers(of: "now()", otherwise: { Date(timeIntervalSince1970: 1_800_000_000) })
    let (vessel, following) = try await startedApp(database: database, now: now)
    defer { following.cancel() }
    // snippet.hide
    var scenes: [String: CountriesScene] = [:]
    // snippet.show
    try await replay.run(on: vessel.appState) { event in
        let (screen, sceneID) = (event.screenName, event.scene)
        if screen == "Settings" {
            let form: SettingsViewState = try event.decoded()
            form.apply(to: vessel)
            return
        }
        // snippet.hide
        guard let sceneID else { throw event.unknownScreen }
        if screen == "Root", scenes[sceneID] == nil, case .sceneActivity(isActive: true) = try event.decoded(as: RootViewModel.Event.self) {
            // A scene's first event: it sends it itself when it is made. Its
            // list follows the search field for as long as it lives: work
            // meant to last, started apart from the event's (which the replay
            // waits for until it ends).
            _ = OwnedTasks.tasks {
                let scene = CountriesScene(service: vessel, id: sceneID)
                _ = scene.list
                scenes[sceneID] = scene
            }
            return
        }
        guard let scene = scenes[sceneID] else { throw event.unknownScreen }
        switch screen {
        case "Root": scene.root.send(try event.decoded())
        case "Country list": scene.list.send(try event.decoded())
        case let details where details.hasPrefix("Country details "):
            scene.details(of: String(details.dropFirst("Country details ".count))).send(try event.decoded())
        default: throw event.unknownScreen
        }
        // snippet.show
        // … the scene's screens, made with the recorded scene id
    }
}
// snippet.end

/// The app as the mocked phase starts it, keeping a timeline: the snapshot's
/// countries in a database in memory (seen through `database`, when given),
/// the snapshot standing in for the web, the list's query running, `now`
/// its clock.
func startedApp(
    database: (@Sendable (any CountryDatabaseWork) -> any CountryDatabaseWork)? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
) async throws -> (vessel: Vessel, following: Task<Void, Never>) {
    let logbook = MemoryLogbook()
    let bundle = CountryBundleWorker(logbook: logbook)
    let memory = try CountryDatabaseWorker(inMemoryNamed: nil, logbook: logbook)
    try await memory.save(try bundle.countries())
    let vessel = Vessel(
        web: bundle, database: database?(memory) ?? memory, bundle: bundle, logbook: logbook, now: now, timeline: 10_000)
    return (vessel, Task { await vessel.followCountriesQuery() })
}
