import CountriesApp
import CountriesDomain
import CountriesPresentation
import CountriesTesting
import Foundation
import Keel
import KeelTesting
import Testing

@Suite("The details screen's view model", .timeLimit(.minutes(1)))
@MainActor
struct CountryDetailsViewModelTests {
    let english = Locale(identifier: "en"), korean = Locale(identifier: "ko")

    @Test("appearing loads the facts from the device, ready to show")
    func facts() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryDetailsViewModel(raft, code: "kor", scene: "tab", logbook: MemoryLogbook())
        #expect(viewModel.facts == nil)
        await settle { viewModel.send(.appeared) }
        let facts = try #require(viewModel.facts)
        #expect(facts.name == "South Korea")
        #expect(facts.officialName == "Republic of Korea")
        #expect(facts.englishName == nil)
        #expect(facts.nativeNames == ["한국"])
        #expect(facts.capitals == .verbatim("Seoul"))
        #expect(facts.population == "51,780,579")
        #expect(facts.area == .verbatim("100,210 km²"))
        #expect(facts.currencies.map { $0.name(in: english) } == ["South Korean won (₩)"])
        #expect(facts.languages.map { $0.name(in: english) } == ["Korean"])
        // In Korean, from the platform's locale data.
        #expect(facts.currencies.map { $0.name(in: korean) } == ["대한민국 원 (₩)"])
        #expect(facts.languages.map { $0.name(in: korean) } == ["한국어"])
        #expect(facts.region?.description == "Asia · Eastern Asia")
        #expect(facts.neighbours.map(\.code) == ["PRK"])
        #expect(!viewModel.isLoading)
        #expect(viewModel.errorMessage == nil)
    }

    @Test("appearing again does not reload")
    func appearedOnce() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryDetailsViewModel(raft, code: "JPN", scene: "tab", logbook: MemoryLogbook())
        viewModel.send(.appeared)
        #expect(viewModel.isLoading)
        await waitUntil { viewModel.facts != nil }
        viewModel.send(.appeared)
        #expect(!viewModel.isLoading)
    }

    @Test("the region shows only when the switch is on; names follow the language")
    func settingsApply() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryDetailsViewModel(raft, code: "CHE", scene: "tab", logbook: MemoryLogbook())
        await settle { viewModel.send(.appeared) }
        #expect(viewModel.facts?.region?.description == "Europe · Western Europe")
        raft.applyRegionAction(false)
        #expect(viewModel.facts?.region == nil)
        #expect(!viewModel.showsRegion)
        raft.applyLanguageAction(NameLanguage.named("kor"))
        #expect(viewModel.facts?.name == "스위스")
        #expect(viewModel.facts?.englishName == "Switzerland")
        #expect(viewModel.facts?.currencies.map { $0.name(in: english) } == ["Swiss franc"])
        #expect(viewModel.facts?.currencies.map { $0.name(in: korean) } == ["스위스 프랑"])
        #expect(viewModel.facts?.nativeNames == ["Schweiz", "Suisse", "Svizzera"])
    }

    @Test("an unknown country shows a user-facing error")
    func unknownCountry() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryDetailsViewModel(raft, code: "XYZ", scene: "tab", logbook: MemoryLogbook())
        await settle { viewModel.send(.appeared) }
        #expect(viewModel.facts == nil)
        #expect(viewModel.errorMessage?.description == "There is no country with the code XYZ.")
        #expect(!viewModel.canRetry, "loading again cannot find a country that does not exist")
    }

    @Test("cancelling a load really cancels the worker and goes back to not requested")
    func cancel() async throws {
        let web = ScriptedWeb(.hang)
        let (raft, following) = try await sampleRaft(web: web)
        defer { following.cancel() }
        let viewModel = CountryDetailsViewModel(raft, code: "ITA", scene: "tab", logbook: MemoryLogbook())
        let loading = Task { await settle { viewModel.send(.appeared) } }
        // Cancel once the web was asked (Italy is not saved on the device), not after a guessed delay.
        await web.calls.waitForCalls(count: 1)
        #expect(viewModel.isLoading)
        viewModel.send(.cancel)
        #expect(!viewModel.isLoading)
        #expect(viewModel.details.state == .notRequested)
        await loading.value
        #expect(web.sawCancellation)
    }

    @Test("reloading asks the web first and keeps the facts when it fails")
    func reload() async throws {
        let web = ScriptedWeb(.fail(.offline))
        let (raft, following) = try await sampleRaft(web: web)
        defer { following.cancel() }
        let viewModel = CountryDetailsViewModel(raft, code: "FRA", scene: "tab", logbook: MemoryLogbook())
        await settle { viewModel.send(.appeared) }
        await settle {
            viewModel.send(.reload)
            #expect(viewModel.isLoading)
            #expect(viewModel.facts?.name == "France")
        }
        #expect(!viewModel.isLoading)
        #expect(viewModel.facts?.name == "France")
    }

    @Test("opening a neighbour pushes it; the flag sheet is state")
    func neighbourAndFlag() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryDetailsViewModel(raft, code: "KOR", scene: "tab", logbook: MemoryLogbook())
        viewModel.send(.openNeighbour(code: "prk"))
        #expect(raft.appState.read { $0.routing["tab"] }?.path == ["KOR", "PRK"])
        viewModel.send(.showFlag)
        #expect(viewModel.isFlagSheetShown)
        #expect(raft.appState.read { $0.routing["tab"] }?.flagSheet == "KOR")
        viewModel.send(.hideFlag)
        #expect(!viewModel.isFlagSheetShown)
        raft.showFlagAction("tab", "JPN")
        viewModel.send(.hideFlag)
        #expect(raft.appState.read { $0.routing["tab"] }?.flagSheet == "JPN")
    }

    @Test("the flag sheet and the path belong to the scene: another scene showing the same country is untouched")
    func routingPerScene() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let here = CountryDetailsViewModel(raft, code: "KOR", scene: "window 1", logbook: MemoryLogbook())
        let there = CountryDetailsViewModel(raft, code: "KOR", scene: "window 2", logbook: MemoryLogbook())
        let counter = ObservationCounter { MainActor.assumeIsolated { _ = there.isFlagSheetShown } }
        here.send(.showFlag)
        here.send(.openNeighbour(code: "PRK"))
        #expect(here.isFlagSheetShown)
        #expect(!there.isFlagSheetShown)
        #expect(counter.count == 0)
        #expect(raft.appState.read { $0.routing["window 1"] } == AppState.Routing(path: ["KOR", "PRK"], flagSheet: "KOR"))
        #expect(raft.appState.read { $0.routing["window 2"] } == nil)
    }

    @Test("changes to unrelated app state slices do not invalidate the details")
    func noSpuriousInvalidation() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        // The scene is open, as its screens' owner opens it: its routing exists.
        raft.sceneActivityAction("tab", true)
        let viewModel = CountryDetailsViewModel(raft, code: "KOR", scene: "tab", logbook: MemoryLogbook())
        await settle { viewModel.send(.appeared) }
        let counter = ObservationCounter {
            MainActor.assumeIsolated {
                _ = viewModel.facts
                _ = viewModel.isFlagSheetShown
            }
        }
        raft.sceneActivityAction("tab", false)
        raft.navigateAction("tab", ["FRA"])
        raft.showFlagAction("another tab", "KOR")
        #expect(counter.count == 0)
        raft.showFlagAction("tab", "KOR")
        #expect(counter.count == 1)
    }
}
