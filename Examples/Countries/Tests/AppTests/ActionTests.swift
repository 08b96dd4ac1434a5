@testable import CountriesApp
import CountriesTesting
import CountriesDomain
import Foundation
import Keel
import KeelTesting
import Testing

/// Every action, run against recording mocks: the exact states it produces
/// and the worker calls it makes.
@Suite("Actions", .timeLimit(.minutes(1)))
struct ActionTests {
    static let date = Date(timeIntervalSince1970: 1_800_000_000)

    /// A raft over mocks, with the country list already loaded.
    static func raft(
        web: MockWebWork = MockWebWork(), database: MockDatabaseWork = MockDatabaseWork(countries: Country.samples),
        state: AppState = AppState()
    ) async throws -> Vessel {
        try await Vessel.raft(
            state: state, web: web, database: database, bundle: MockBundleWork(result: .success(Country.samples)),
            logbook: MemoryLogbook(), now: { date })
    }

    // MARK: Refresh

    @Test("refresh replaces the saved countries by what the web returns, and reports it")
    func refreshSucceeds() async throws {
        let web = MockWebWork(countries: .success([.southKorea, .japan]))
        let database = MockDatabaseWork(countries: Country.samples)
        let raft = try await Self.raft(web: web, database: database)
        let recorder = StateRecorder(raft.appState)
        await raft.refreshCountriesAction()
        recorder.expect(
            { $0.refresh = .loading(last: nil) },
            { $0.refresh = .loaded(RefreshReport(count: 2, date: Self.date)) })
        web.calls.expect([.countries])
        database.calls.expect([.replaceAll(["KOR", "JPN"])])
        #expect(try await database.countries().map(\.code).sorted() == ["JPN", "KOR"])
    }

    @Test("an empty answer is unreadable and changes nothing")
    func refreshEmpty() async throws {
        let web = MockWebWork(countries: .success([]))
        let database = MockDatabaseWork(countries: Country.samples)
        let raft = try await Self.raft(web: web, database: database)
        let recorder = StateRecorder(raft.appState)
        await raft.refreshCountriesAction()
        recorder.expect(
            { $0.refresh = .loading(last: nil) },
            { $0.refresh = .failed(CountryFizzle.unreadableResponse, last: nil) })
        database.calls.expectNoCalls()
    }

    @Test("a refresh asked for while one runs joins it: one request, one outcome")
    func refreshJoins() async throws {
        let web = MockWebWork(countries: .success([.japan]))
        web.hangs = true
        let database = MockDatabaseWork()
        let raft = try await Self.raft(web: web, database: database)
        let recorder = StateRecorder(raft.appState)
        let first = Task { await raft.refreshCountriesAction() }
        await web.calls.waitForCalls(count: 1)
        let second = Task { await raft.refreshCountriesAction() }
        // The second caller has joined once the run counts two (bounded by the time limit).
        while raft.refreshes.callers < 2 { await Task.yield() }
        raft.cancelRefreshAction()
        await first.value
        await second.value
        web.calls.expect([.countries])
        recorder.expect(
            { $0.refresh = .loading(last: nil) },
            { $0.refresh = .failed(CountryFizzle.refreshCancelled, last: nil) })
        database.calls.expectNoCalls()
        // The next refresh starts a run of its own.
        web.hangs = false
        await raft.refreshCountriesAction()
        #expect(raft.appState.state.refresh == .loaded(RefreshReport(count: 1, date: Self.date)))
        database.calls.expect([.replaceAll(["JPN"])])
    }

    @Test("a failed refresh keeps the saved countries and reports a user-facing error")
    func refreshFails() async throws {
        let web = MockWebWork(countries: .failure(.offline))
        let database = MockDatabaseWork(countries: Country.samples)
        var state = AppState()
        state.countries = .loaded(Country.samples)
        state.refresh = .loaded(RefreshReport(count: 6, date: Self.date))
        let raft = try await Self.raft(web: web, database: database, state: state)
        let recorder = StateRecorder(raft.appState)
        await raft.refreshCountriesAction()
        recorder.expect(
            { $0.refresh = .loading(last: RefreshReport(count: 6, date: Self.date)) },
            { $0.refresh = .failed(CountryFizzle.offline, last: RefreshReport(count: 6, date: Self.date)) })
        #expect(raft.appState.state.countries == .loaded(Country.samples))
        web.calls.expect([.countries])
        database.calls.expectNoCalls()
    }

    @Test("a caller whose task is cancelled only stops waiting; a cancel stops the web call for everyone and says so")
    func refreshCancels() async throws {
        let web = MockWebWork(countries: .success([.japan]))
        web.hangs = true
        let database = MockDatabaseWork()
        let raft = try await Self.raft(web: web, database: database)
        let recorder = StateRecorder(raft.appState)
        let task = Task { await raft.refreshCountriesAction() }
        await web.calls.waitForCalls(count: 1)
        task.cancel()
        await task.value
        #expect(raft.appState.state.refresh.isLoading)
        raft.cancelRefreshAction()
        for await refresh in raft.appState.values({ $0.refresh }) where refresh.error != nil { break }
        recorder.expect(
            { $0.refresh = .loading(last: nil) },
            { $0.refresh = .failed(CountryFizzle.refreshCancelled, last: nil) })
        database.calls.expectNoCalls()
    }

    @Test("a refresh asked for right after a cancel starts a new run, whose outcome the cancelled one never overwrites")
    func refreshAfterCancel() async throws {
        let web = MockWebWork(countries: .success([.japan]))
        web.hangs = true
        let raft = try await Self.raft(web: web, database: MockDatabaseWork())
        let first = Task { await raft.refreshCountriesAction() }
        await web.calls.waitForCalls(count: 1)
        raft.cancelRefreshAction()
        web.hangs = false
        await raft.refreshCountriesAction()
        await first.value
        #expect(raft.appState.state.refresh == .loaded(RefreshReport(count: 1, date: Self.date)))
        web.calls.expect([.countries, .countries])
    }

    // MARK: Details

    @Test("cached details come from the database, neighbours included, without the web")
    func detailsFromDatabase() async throws {
        let web = MockWebWork()
        let database = MockDatabaseWork(countries: Country.samples)
        let raft = try await Self.raft(web: web, database: database)
        let recorder = StateRecorder(raft.appState)
        let details = try await raft.loadDetailsAction("kor", .cached)
        #expect(details == CountryDetails(country: .southKorea, neighbours: [.northKorea]))
        database.calls.expect([.country(code: "KOR"), .countriesWithCodes(["PRK"])])
        web.calls.expectNoCalls()
        recorder.expectNoChanges()
    }

    @Test("cached details come from the loaded country list in the app state, without the database or the web")
    func detailsFromState() async throws {
        let web = MockWebWork()
        let database = MockDatabaseWork(countries: Country.samples)
        var state = AppState()
        state.countries = .loaded(Country.samples)
        let raft = try await Self.raft(web: web, database: database, state: state)
        let recorder = StateRecorder(raft.appState)
        #expect(try await raft.loadDetailsAction("kor", .cached) == CountryDetails(country: .southKorea, neighbours: [.northKorea]))
        database.calls.expectNoCalls()
        web.calls.expectNoCalls()
        recorder.expectNoChanges()
        // A list that is still loading is not used: the database answers.
        raft.store.update(at: { $0.countries }) { $0 = .loading(last: Country.samples) }
        _ = try await raft.loadDetailsAction("KOR", .cached)
        database.calls.expect([.country(code: "KOR"), .countriesWithCodes(["PRK"])])
    }

    @Test("details missing from the database come from the web and are saved")
    func detailsFromWeb() async throws {
        let web = MockWebWork(country: ["CHE": .success(.switzerland)])
        let database = MockDatabaseWork(countries: [.france, .germany])
        let raft = try await Self.raft(web: web, database: database)
        let details = try await raft.loadDetailsAction("CHE", .cached)
        #expect(details.country == .switzerland)
        #expect(details.neighbours.map(\.code) == ["FRA", "DEU"])
        database.calls.expect([.country(code: "CHE"), .save(["CHE"]), .countriesWithCodes(["AUT", "FRA", "ITA", "LIE", "DEU"])])
        web.calls.expect([.country(code: "CHE")])
    }

    @Test("live details ask the web first and fall back to the database when it fails")
    func liveDetailsFallBack() async throws {
        let web = MockWebWork(country: ["JPN": .failure(.timeout)])
        let database = MockDatabaseWork(countries: Country.samples)
        let raft = try await Self.raft(web: web, database: database)
        let details = try await raft.loadDetailsAction("JPN", .live)
        #expect(details == CountryDetails(country: .japan, neighbours: []))
        web.calls.expect([.country(code: "JPN")])
        database.calls.expect([.country(code: "JPN"), .countriesWithCodes([])])
    }

    @Test("live details that succeed are saved")
    func liveDetailsSaved() async throws {
        var updated = Country.japan
        updated.population = 1
        let web = MockWebWork(country: ["JPN": .success(updated)])
        let database = MockDatabaseWork(countries: Country.samples)
        let raft = try await Self.raft(web: web, database: database)
        let details = try await raft.loadDetailsAction("JPN", .live)
        #expect(details.country.population == 1)
        database.calls.expect([.save(["JPN"]), .countriesWithCodes([])])
    }

    @Test("details of an unknown country fail with notFound")
    func detailsNotFound() async throws {
        let raft = try await Self.raft(web: MockWebWork(), database: MockDatabaseWork())
        await #expect(throws: CountryFizzle.notFound(code: "XYZ")) { try await raft.loadDetailsAction("XYZ", .cached) }
        await #expect(throws: CountryFizzle.notFound(code: "XYZ")) { try await raft.loadDetailsAction("XYZ", .live) }
    }

    @Test("a database failure reaches the screen as storageFailed")
    func detailsStorageFailure() async throws {
        let raft = try await Self.raft(database: MockDatabaseWork(failure: .storageFailed))
        await #expect(throws: CountryFizzle.storageFailed) { try await raft.loadDetailsAction("KOR", .cached) }
    }

    // MARK: Search

    @Test("search hands the text to the database as typed, returns its answer as is, and changes no state")
    func search() async throws {
        let database = MockDatabaseWork(countries: Country.samples)
        database.searchAnswers.set(["PRK", "KOR"])
        let raft = try await Self.raft(database: database)
        let recorder = StateRecorder(raft.appState)
        #expect(try await raft.searchCountriesAction("Corée ") == ["PRK", "KOR"])
        database.calls.expect([.search("Corée ")])
        recorder.expectNoChanges()
    }

    // MARK: Settings, navigation, system

    @Test("the region switch and the language change settings only, and only when they differ")
    func settings() async throws {
        let raft = try await Self.raft()
        let recorder = StateRecorder(raft.appState)
        raft.applyRegionAction(false)
        raft.applyRegionAction(false)
        let korean = try #require(NameLanguage.named("kor"))
        raft.applyLanguageAction(korean)
        raft.applyRegionAction(true)
        recorder.expect(
            { $0.settings.showsRegion = false },
            { $0.settings.language = korean },
            { $0.settings.showsRegion = true })
    }

    @Test("navigation and the flag sheet are state")
    func navigation() async throws {
        let raft = try await Self.raft()
        let recorder = StateRecorder(raft.appState)
        raft.navigateAction("tab", ["kor"])
        raft.navigateAction("tab", ["KOR", "PRK"])
        raft.showFlagAction("tab", "prk")
        raft.showFlagAction("window", "jpn")
        raft.showFlagAction("tab", nil)
        raft.navigateAction("tab", [])
        raft.closeSceneAction("window")
        recorder.expect(
            { $0.routing["tab"] = AppState.Routing(path: ["KOR"]) },
            { $0.routing["tab"]?.path = ["KOR", "PRK"] },
            { $0.routing["tab"]?.flagSheet = "PRK" },
            { $0.routing["window"] = AppState.Routing(flagSheet: "JPN") },
            { $0.routing["tab"]?.flagSheet = nil },
            { $0.routing["tab"]?.path = [] },
            { $0.routing["window"] = nil })
    }

    @Test("scenes become inactive and active again; a scene that reports its activity is open: its routing exists")
    func sceneActivity() async throws {
        let raft = try await Self.raft()
        let recorder = StateRecorder(raft.appState)
        raft.sceneActivityAction("tab-1", false)
        raft.sceneActivityAction("tab-2", false)
        raft.sceneActivityAction("tab-1", true)
        raft.sceneActivityAction("tab-1", true)
        // The scene's routing, then its activity: each written where it lies.
        recorder.expect(
            { $0.routing["tab-1"] = AppState.Routing() },
            { $0.system.inactiveScenes = ["tab-1"] },
            { $0.routing["tab-2"] = AppState.Routing() },
            { $0.system.inactiveScenes = ["tab-1", "tab-2"] },
            { $0.system.inactiveScenes = ["tab-2"] })
        #expect(raft.appState.state.system.isActive(scene: "tab-1"))
        #expect(!raft.appState.state.system.isActive(scene: "tab-2"))
    }

    // MARK: Deep links

    @Test("a deep link to a saved country sets the routing state only")
    func openLink() async throws {
        let database = MockDatabaseWork(countries: Country.samples)
        var state = AppState()
        state.routing["tab"] = AppState.Routing(path: ["FRA", "DEU"], flagSheet: "DEU")
        state.routing["other tab"] = AppState.Routing(path: ["JPN"], flagSheet: "JPN")
        let raft = try await Self.raft(database: database, state: state)
        let recorder = StateRecorder(raft.appState)
        let link = try await raft.openLinkAction("tab", "https://example.com/?alpha3code=kor")
        #expect(link == .country(code: "KOR"))
        recorder.expect({ $0.routing["tab"] = AppState.Routing(path: ["KOR"]) })
        database.calls.expect([.country(code: "KOR")])
    }

    @Test("an unknown country or a malformed link changes nothing and says why")
    func badLinks() async throws {
        let database = MockDatabaseWork(countries: Country.samples)
        let raft = try await Self.raft(database: database)
        let recorder = StateRecorder(raft.appState)
        await #expect(throws: LinkFizzle.unknownCountry(code: "ZZZ")) {
            try await raft.openLinkAction("tab", "keel-countries://country/ZZZ")
        }
        await #expect(throws: LinkFizzle.unsupported("javascript:alert(1)")) {
            try await raft.openLinkAction("tab", "javascript:alert(1)")
        }
        recorder.expectNoChanges()
        database.calls.expect([.country(code: "ZZZ")])
    }

    @Test("a database failure while opening a link is logged and the link refused")
    func linkWithBrokenDatabase() async throws {
        let logbook = MemoryLogbook()
        let raft = try await Vessel.raft(database: MockDatabaseWork(failure: .storageFailed), logbook: logbook)
        await #expect(throws: LinkFizzle.unknownCountry(code: "KOR")) {
            try await raft.openLinkAction("tab", "keel-countries://country/KOR")
        }
        #expect(logbook.entries.count == 1)
    }
}
