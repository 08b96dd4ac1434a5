import CountriesApp
import CountriesDomain
import CountriesPresentation
import CountriesTesting
import Keel
import KeelTesting
import Testing

@Suite("The settings view state (no view model)")
struct SettingsViewStateTests {
    @Test("a form starts from the settings (names in the reader's language until one is chosen) and validates the language")
    func validation() {
        var form = SettingsViewState(AppState.Settings())
        #expect(form.showsRegion)
        #expect(form.followsReader && form.languageCode.isEmpty)
        #expect(form.language == nil)
        #expect(form.validationMessage == nil, "the reader's language is a choice")
        #expect(form.preview(of: .southKorea, readBy: NameLanguage.reading("ko-KR")) == "한국")
        #expect(form.preview(of: .southKorea, readBy: .english) == "South Korea")
        #expect(form.languages.count == NameLanguage.all.count)
        form.languageCode = "klingon"
        #expect(form.language == nil)
        #expect(form.validationMessage == "Choose one of the offered languages.")
    }

    @Test("only what differs is applied")
    func changes() {
        let settings = AppState.Settings()
        var form = SettingsViewState(settings)
        #expect(form.changes(from: settings).showsRegion == nil)
        #expect(form.changes(from: settings).language == nil)
        form.showsRegion = false
        form.languageCode = "deu"
        #expect(form.changes(from: settings).showsRegion == false)
        #expect(form.changes(from: settings).language == .some(NameLanguage.named("deu")))
        // Back to the reader's language, from a chosen one: a change to `nil`.
        var chosen = settings
        chosen.language = NameLanguage.named("deu")
        form.languageCode = ""
        #expect(form.changes(from: chosen).language == .some(nil))
        #expect(form.changes(from: settings).language == nil, "unchanged")
    }

    @Test("applying goes through the usecases; an invalid form applies nothing")
    func apply() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        var form = SettingsViewState(raft.appState.state.settings)
        form.languageCode = "nope"
        form.showsRegion = false
        #expect(form.apply(to: raft) == "Choose one of the offered languages.")
        #expect(raft.appState.state.settings.showsRegion)
        form.languageCode = "fra"
        #expect(form.apply(to: raft) == nil)
        #expect(!raft.appState.state.settings.showsRegion)
        #expect(raft.appState.state.settings.language?.code == "fra")
        #expect(form.preview(of: .germany, readBy: NameLanguage.reading("ko")) == "Allemagne", "the chosen language, whoever reads")
        form.languageCode = ""
        #expect(form.apply(to: raft) == nil)
        #expect(raft.appState.state.settings.language == nil, "back to the reader's")
        #expect(form.previewCountry(among: [.japan, .southKorea])?.code == "KOR", "South Korea when it is saved")
        #expect(form.previewCountry(among: [.japan, .france])?.code == "JPN", "otherwise the first")
        #expect(form.previewCountry(among: []) == nil)
    }
}

@Suite("The root view model of a scene", .timeLimit(.minutes(1)))
@MainActor
struct RootViewModelTests {
    @Test("an inactive scene hides its content; other scenes are unaffected")
    func sceneActivity() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let first = RootViewModel(raft, scene: "tab-1")
        let second = RootViewModel(raft, scene: "tab-2")
        first.send(.sceneActivity(isActive: false))
        #expect(first.isContentHidden)
        #expect(!second.isContentHidden)
        first.send(.sceneActivity(isActive: true))
        #expect(!first.isContentHidden)
    }

    @Test("a good link navigates; a bad one explains and changes nothing")
    func links() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let root = RootViewModel(raft, scene: "tab")
        #expect(await root.open(link: "keel-countries://country/JPN") == .country(code: "JPN"))
        #expect(root.path == ["JPN"])
        #expect(root.linkMessage == nil)
        #expect(await root.open(link: "keel-countries://country/ZZZ") == nil)
        #expect(root.linkMessage == LinkFizzle.unknownCountry(code: "ZZZ").message)
        #expect(root.path == ["JPN"])
        root.send(.dismissLinkMessage)
        #expect(root.linkMessage == nil)
        await settle { root.send(.openLink("not a link")) }
        #expect(root.linkMessage == LinkFizzle.unsupported("not a link").message)
    }

    @Test("the path binds to the routing state")
    func pathBinding() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let root = RootViewModel(raft, scene: "tab")
        root.path = ["kor", "prk"]
        #expect(raft.appState.read { $0.routing["tab"] }?.path == ["KOR", "PRK"])
        #expect(RootViewModel(raft, scene: "other tab").path.isEmpty)
    }

    @Test("a deep link navigates the scene it arrived in, and no other")
    func linkInItsScene() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let first = RootViewModel(raft, scene: "tab-1")
        let second = RootViewModel(raft, scene: "tab-2")
        second.path = ["FRA"]
        #expect(await first.open(link: "keel-countries://country/KOR") == .country(code: "KOR"))
        #expect(first.path == ["KOR"])
        #expect(second.path == ["FRA"])
    }

    @Test("a closed scene is forgotten: its routing and its activity")
    func closed() async throws {
        let (raft, following) = try await sampleRaft()
        defer { following.cancel() }
        let root = RootViewModel(raft, scene: "tab")
        root.path = ["KOR"]
        root.send(.sceneActivity(isActive: false))
        root.send(.closed)
        #expect(raft.appState.state.routing.isEmpty)
        #expect(raft.appState.state.system.inactiveScenes.isEmpty)
    }
}

@Suite("Sections and formatting")
struct SectionBuilderTests {
    @Test("rows follow the one name order: accents and case ignored, Hangul in dictionary order")
    func nameOrder() throws {
        func named(_ code: String, _ english: String, korean: String) -> Country {
            var country = Country.japan
            country.code = code
            country.name = .init(common: english, official: english)
            country.translations = ["kor": .init(common: korean, official: korean)]
            return country
        }
        let countries = [
            named("ZWE", "Zimbabwe", korean: "짐바브웨"), named("ALA", "Åland Islands", korean: "올란드 제도"),
            named("BEL", "belgium", korean: "벨기에"), named("AFG", "Afghanistan", korean: "아프가니스탄"),
            named("ECU", "Ecuador", korean: "에콰도르"), named("CHL", "Chile", korean: "칠레"),
        ]
        let english = SectionBuilder.sections(countries: countries, matches: nil, showsRegion: false, language: .english)
        #expect(english.flatMap(\.rows).map(\.name) == ["Afghanistan", "Åland Islands", "belgium", "Chile", "Ecuador", "Zimbabwe"])
        let korean = SectionBuilder.sections(
            countries: countries, matches: nil, showsRegion: false, language: try #require(NameLanguage.named("kor")))
        #expect(korean.flatMap(\.rows).map(\.name) == ["벨기에", "아프가니스탄", "에콰도르", "올란드 제도", "짐바브웨", "칠레"])
        #expect(NameOrder.areInIncreasingOrder("Åland Islands", "Zimbabwe"))
        #expect(NameOrder.areInIncreasingOrder("Côte d'Ivoire", "Croatia"))
        #expect(NameOrder.key("Chile") == NameOrder.key("chile"))
        #expect(NameOrder.areInIncreasingOrder("chile", "Croatia") && NameOrder.areInIncreasingOrder("Chile", "croatia"))
        // Names equal but for case are still ordered, one way only.
        #expect(NameOrder.areInIncreasingOrder("Chile", "chile") != NameOrder.areInIncreasingOrder("chile", "Chile"))
    }

    @Test("rows sort by name; a region-less country goes under Other")
    func sections() {
        var nowhere = Country.japan
        nowhere.code = "XXX"
        nowhere.region = ""
        nowhere.name = .init(common: "Atlantis", official: "Atlantis")
        let sections = SectionBuilder.sections(
            countries: [.japan, nowhere, .france], matches: nil, showsRegion: true, language: .english)
        #expect(sections.map(\.title) == ["Asia", "Europe", "Other"])
        let flat = SectionBuilder.sections(countries: [.japan, nowhere], matches: ["XXX"], showsRegion: false, language: .english)
        #expect(flat.map { $0.rows.map(\.code) } == [["XXX"]])
        #expect(SectionBuilder.sections(countries: [], matches: nil, showsRegion: false, language: .english).isEmpty)
    }

    @Test("numbers are grouped; areas are in km²")
    func formatting() {
        #expect(Formatting.count(0) == "0")
        #expect(Formatting.count(999) == "999")
        #expect(Formatting.count(1_000) == "1,000")
        #expect(Formatting.count(-1_234_567) == "-1,234,567")
        #expect(Formatting.area(100_210) == .verbatim("100,210 km²"))
        #expect(Formatting.area(0.44) == .verbatim("0.4 km²"))
        #expect(Formatting.area(2.0) == .verbatim("2 km²"))
        #expect(Formatting.area(nil) == "unknown")
        #expect(Formatting.area(-1) == "unknown")
    }
}
