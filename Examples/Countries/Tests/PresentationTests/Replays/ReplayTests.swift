import CountriesApp
import CountriesDomain
import CountriesPresentation
import Foundation
import Keel
import KeelTesting
import KeelTimeline
import Testing

@Suite("Replays: a session the timeline recorded, played again as a test", .timeLimit(.minutes(1)))
@MainActor
struct ReplayTests {
    /// Records a session as a person makes one in a window, with the real
    /// clock: a search, a refresh, a country opened, its flag shown, the
    /// region switch turned off.
    func recordedSession() async throws -> String {
        let (vessel, following) = try await startedApp()
        defer { following.cancel() }
        for await countries in vessel.appState.values({ $0.countries }) where countries.value != nil { break }
        let scene = CountriesScene(service: vessel, id: "tab-0a1b2c3d")
        _ = scene.list  // it follows its search field: work meant to last, started apart
        await settle { scene.list.send(.search("kor")) }
        await settle { scene.list.send(.refresh) }
        await settle { scene.details(of: "KOR").send(.appeared) }
        scene.details(of: "KOR").send(.showFlag)
        var settings = SettingsViewState(vessel.appState.read { $0.settings })
        settings.showsRegion.toggle()
        settings.apply(to: vessel)
        return String(decoding: vessel.appState.timeline.json(), as: UTF8.self)
    }

    @Test("a recorded session replays: the same updates, in the same scene, in the same order")
    func replays() async throws {
        try await replayRecorded(try await recordedSession())
    }

    @Test("the refresh's report carries the recorded time: the replay's clock answers it again")
    func recordedTimes() async throws {
        let json = try await recordedSession()
        let record = try Timeline(json: Data(json.utf8))
        let report = try #require(record.entries.first { entry in
            entry.changes.contains { $0.path.hasPrefix("refresh") && $0.new?.contains("date: ") == true }
        })
        let answer = try #require(record.entries.first { if case .answer(_, "now()", _) = $0.cause { true } else { false } })
        #expect(answer.id < report.id)
        try await replayRecorded(json)
    }

    @Test("a database that names a country otherwise makes the replay fail where the list loaded, with both")
    func namesTheFirstDifference() async throws {
        let json = try await recordedSession()
        try await expectFailureWhereTheListLoaded(json)
    }

    @Test(
        "a session recorded in a browser and saved by the browser suite replays, and fails where the list loaded with another database",
        .enabled(if: ProcessInfo.processInfo.environment["COUNTRIES_REPLAY_JSON"] != nil, "run by Scripts/e2e-countries.sh"))
    func browserSession() async throws {
        let file = try #require(ProcessInfo.processInfo.environment["COUNTRIES_REPLAY_JSON"])
        let json = try String(contentsOfFile: file, encoding: .utf8)
        try await replayRecorded(json)
        try await expectFailureWhereTheListLoaded(json)
    }

    /// Replays `json` over a database that renames Afghanistan, the first country: the
    /// replay must fail at the list's loaded entry, the second, naming both values.
    private func expectFailureWhereTheListLoaded(_ json: String) async throws {
        let failure = await #expect(throws: ReplayFailure.self) {
            try await replayRecorded(json) { RenamingDatabase(base: $0) }
        }
        guard case let .differs(entry, recorded, replayed?) = failure else {
            Issue.record("expected the loaded list to differ, got \(String(describing: failure))")
            return
        }
        #expect(entry == 2)
        #expect(recorded.title == "followCountries()" && replayed.title == "followCountries()")
        #expect(recorded.changes.first?.new?.contains(#"common: "Afghanistan", "#) == true)
        #expect(replayed.changes.first?.new?.contains(#"common: "Afghanistan (renamed)", "#) == true)
        #expect(failure?.description.contains("Entry 2 differs (recorded → replayed)") == true)
    }
}

/// A database that answers Afghanistan under another name: a worker whose
/// behaviour changed, as a regression would change it.
private struct RenamingDatabase: CountryDatabaseWork {
    let base: any CountryDatabaseWork

    private func renamed(_ countries: [Country]) -> [Country] {
        countries.map { country in
            var country = country
            if country.code == "AFG" { country.name.common += " (renamed)" }
            return country
        }
    }

    func countries() async throws(CountryFizzle) -> [Country] { renamed(try await base.countries()) }
    func observeCountries() -> AsyncThrowingStream<[Country], any Error> {
        let stream = base.observeCountries()
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await countries in stream { continuation.yield(renamed(countries)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
    func country(code: String) async throws(CountryFizzle) -> Country? { try await base.country(code: code) }
    func countries(codes: [String]) async throws(CountryFizzle) -> [Country] { try await base.countries(codes: codes) }
    func save(_ countries: [Country]) async throws(CountryFizzle) { try await base.save(countries) }
    func replaceAll(with countries: [Country]) async throws(CountryFizzle) { try await base.replaceAll(with: countries) }
    func search(_ text: String) async throws(CountryFizzle) -> [String] { try await base.search(text) }
    func isEmpty() async throws(CountryFizzle) -> Bool { try await base.isEmpty() }
}
