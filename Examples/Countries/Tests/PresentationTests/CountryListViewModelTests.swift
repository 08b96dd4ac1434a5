@testable import CountriesApp
import CountriesDomain
import CountriesPresentation
import CountriesTesting
import Keel
import KeelTesting
import Testing

@Suite("The list screen's view model", .timeLimit(.minutes(1)))
@MainActor
struct CountryListViewModelTests {
    @Test("before the saved countries are read, the list is loading")
    func loadingFirst() async throws {
        let raft = try await Vessel.raft(countries: Country.samples, logbook: MemoryLogbook())
        let viewModel = CountryListViewModel(raft, scene: "test")
        #expect(viewModel.isLoadingList)
        #expect(viewModel.sections.isEmpty)
        #expect(viewModel.emptyMessage == nil)
    }

    @Test("the list is grouped by region when the switch is on, and flat when it is off")
    func regionSwitch() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryListViewModel(raft, scene: "test")
        #expect(viewModel.showsRegion)
        #expect(viewModel.sections.map(\.title) == ["Asia", "Europe"])
        #expect(viewModel.sections[0].rows.map(\.name) == ["Japan", "North Korea", "South Korea"])
        #expect(viewModel.sections[0].rows[0].region == LocalizedText(key: "Eastern Asia"))
        #expect(viewModel.resultCount == 6)

        raft.applyRegionAction(false)
        #expect(!viewModel.showsRegion)
        #expect(viewModel.sections.count == 1)
        #expect(viewModel.sections[0].title == nil)
        #expect(viewModel.sections[0].rows.map(\.code) == ["FRA", "DEU", "JPN", "PRK", "KOR", "CHE"])
        #expect(viewModel.sections[0].rows.allSatisfy { $0.region == nil })
    }

    @Test("names follow the chosen language")
    func language() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryListViewModel(raft, scene: "test")
        raft.applyLanguageAction(NameLanguage.named("kor"))
        let names = viewModel.sections.flatMap(\.rows).map(\.name)
        #expect(names.contains("한국"))
        #expect(names.contains("스위스"))
    }

    @Test("searching shows the matches; no match says so; clearing shows everything")
    func search() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryListViewModel(raft, scene: "test")
        await settle { viewModel.send(.search("한국")) }
        #expect(viewModel.matches == ["KOR"])
        #expect(viewModel.sections.flatMap(\.rows).map(\.code) == ["KOR"])
        #expect(viewModel.resultCount == 1)

        await settle { viewModel.searchText = "südkorea" }
        #expect(viewModel.matches == ["KOR"])

        await settle { viewModel.send(.search("zzz")) }
        #expect(viewModel.resultCount == 0)
        #expect(viewModel.emptyMessage?.description == "No country matches “zzz”.")

        viewModel.send(.search("  "))
        #expect(viewModel.matches == nil)
        #expect(viewModel.resultCount == 6)
    }

    @Test("a newer search replaces an older one")
    func searchesReplaceEachOther() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryListViewModel(raft, scene: "test")
        await settle {
            viewModel.searchText = "k"
            viewModel.searchText = "ko"
            viewModel.searchText = "kor"
        }
        #expect(viewModel.searchText == "kor")
        #expect(viewModel.matches?.contains("KOR") == true)
        #expect(viewModel.matches?.contains("JPN") == false)
    }

    @Test("a failed refresh keeps the list and shows the error; retry works once the web is back")
    func refreshAndRetry() async throws {
        let web = ScriptedWeb(.fail(.offline))
        let (raft, following) = try await sampleRaft(web: web)
        defer { following.cancel() }
        let viewModel = CountryListViewModel(raft, scene: "test")
        await settle { viewModel.send(.refresh) }
        #expect(viewModel.refreshError == CountryFizzle.offline.message)
        #expect(viewModel.resultCount == 6)
        #expect(!viewModel.isRefreshing)

        web.modes.set(.answer([.southKorea]))
        await settle { viewModel.send(.retry) }
        #expect(raft.appState.read { $0.refresh }.value?.count == 1)
        #expect(viewModel.refreshError == nil)
        // The saved countries are now exactly the answer, once the query has read them.
        await waitUntil { viewModel.resultCount == 1 }
    }

    @Test("cancelling a refresh really cancels it, and says so")
    func cancelRefresh() async throws {
        let web = ScriptedWeb(.hang)
        let (raft, following) = try await sampleRaft(web: web)
        defer { following.cancel() }
        let viewModel = CountryListViewModel(raft, scene: "test")
        let refreshing = Task { await settle { viewModel.send(.refresh) } }
        await web.calls.waitForCalls(count: 1)
        #expect(viewModel.isRefreshing)
        viewModel.send(.cancelRefresh)
        await refreshing.value
        #expect(!viewModel.isRefreshing)
        #expect(web.sawCancellation)
        #expect(viewModel.refreshError == CountryFizzle.refreshCancelled.message)
        #expect(viewModel.resultCount == 6)
    }

    @Test("refresh() returns when the refresh has ended, for a pull to refresh")
    func awaitedRefresh() async throws {
        let web = ScriptedWeb(.answer([.japan, .france]))
        let (raft, following) = try await sampleRaft(web: web)
        defer { following.cancel() }
        let viewModel = CountryListViewModel(raft, scene: "test")
        await viewModel.refresh()
        #expect(!viewModel.isRefreshing)
        #expect(raft.appState.read { $0.refresh }.value?.count == 2)
    }

    @Test("two screens refreshing share one request; a cancel in one cancels it for both")
    func overlappingRefreshes() async throws {
        let web = ScriptedWeb(.hang)
        let (raft, following) = try await sampleRaft(web: web)
        defer { following.cancel() }
        let first = CountryListViewModel(raft, scene: "test")
        let second = CountryListViewModel(raft, scene: "test")
        let firstRefreshing = Task { await settle { first.send(.refresh) } }
        await web.calls.waitForCalls(count: 1)
        let secondRefreshing = Task { await settle { second.send(.refresh) } }
        // The second screen's refresh has joined once the run counts two callers.
        while raft.refreshes.callers < 2 { await Task.yield() }
        #expect(second.isRefreshing)
        second.send(.cancelRefresh)
        await firstRefreshing.value
        await secondRefreshing.value
        #expect(!first.isRefreshing && !second.isRefreshing)
        web.calls.expect(["all"])
        #expect(web.sawCancellation)
        #expect(first.refreshError == CountryFizzle.refreshCancelled.message)
        #expect(second.refreshError == first.refreshError)
    }

    @Test("suggestions follow the search text (a child view model fed by its parent)")
    func suggestions() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryListViewModel(raft, scene: "test")
        viewModel.searchText = "fr"
        await waitUntil { viewModel.suggestions.suggestions == ["France"] }
        viewModel.searchText = "s"
        await waitUntil { viewModel.suggestions.suggestions == ["South Korea", "Switzerland"] }
        viewModel.searchText = ""
        await waitUntil { viewModel.suggestions.suggestions.isEmpty }
        viewModel.suggestions.stop()
    }

    @Test("suggestions follow the language too, without a keystroke")
    func suggestionsFollowLanguage() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryListViewModel(raft, scene: "test")
        viewModel.searchText = "s"
        await waitUntil { viewModel.suggestions.suggestions == ["South Korea", "Switzerland"] }
        viewModel.searchText = "한"
        await waitUntil { viewModel.suggestions.suggestions.isEmpty }
        raft.applyLanguageAction(NameLanguage.named("kor"))
        await waitUntil { viewModel.suggestions.suggestions == ["한국"] }
        viewModel.suggestions.stop()
    }

    @Test("changes to unrelated app state slices do not invalidate the list")
    func noSpuriousInvalidation() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let viewModel = CountryListViewModel(raft, scene: "test")
        let counter = ObservationCounter {
            MainActor.assumeIsolated {
                _ = viewModel.sections
                _ = viewModel.refreshError
                _ = viewModel.isRefreshing
            }
        }
        raft.sceneActivityAction("tab", false)
        raft.showFlagAction("tab", "KOR")
        raft.navigateAction("tab", ["KOR"])
        #expect(counter.count == 0)
        raft.applyRegionAction(false)
        #expect(counter.count == 1)
    }
}
