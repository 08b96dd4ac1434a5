import CountriesDomain
@_spi(Testing) import Keel
import Testing

@Suite("The app state's routing by scene, and the user-facing errors", .timeLimit(.minutes(1)))
struct AppStateTests {
    @Test("a scene without routing is at the list")
    func routingByScene() {
        var state = AppState()
        #expect(state.routing(of: "tab") == AppState.Routing())
        state.routing["tab"] = AppState.Routing(path: ["KOR", "PRK"])
        #expect(state.routing(of: "tab") == AppState.Routing(path: ["KOR", "PRK"]))
        state.routing["tab"]?.flagSheet = "PRK"
        #expect(state.routing["tab"] == AppState.Routing(path: ["KOR", "PRK"], flagSheet: "PRK"))
        #expect(state.routing(of: "none") == AppState.Routing())
        #expect(state.routing["none"] == nil)
    }

    @Test("every country error has its own message for a person", arguments: [
        CountryFizzle.offline, .timeout, .serviceUnavailable(status: 503), .unreadableResponse,
        .notFound(code: "XYZ"), .storageFailed, .refreshCancelled,
    ])
    func messages(fizzle: CountryFizzle) {
        #expect(fizzle.message.description.hasSuffix("."))
        let others = [CountryFizzle.offline, .timeout, .serviceUnavailable(status: 503), .unreadableResponse,
                      .notFound(code: "XYZ"), .storageFailed, .refreshCancelled].filter { $0 != fizzle }
        #expect(others.allSatisfy { $0.message != fizzle.message })
    }

    @Test("the service's status and the unknown code are named in their messages")
    func messageDetails() {
        #expect(CountryFizzle.serviceUnavailable(status: 503).message.description.contains("503"))
        #expect(CountryFizzle.notFound(code: "XYZ").message.description.contains("XYZ"))
    }

    @Test("a language is identified by its code and described by its own name")
    func languages() throws {
        let korean = try #require(NameLanguage.named("kor"))
        #expect(korean.id == "kor")
        #expect(korean.description == "한국어")
        #expect(NameLanguage.named("xxx") == nil)
        #expect(NameLanguage.all.first == .english)
        // An interface's language, as a browser or a device names it.
        #expect(NameLanguage.reading("ko-KR") == korean)
        #expect(NameLanguage.reading("ko") == korean)
        #expect(NameLanguage.reading("pt_BR").code == "por")
        #expect(NameLanguage.reading("fi-FI") == .english, "a language without names: English")
        #expect(NameLanguage.reading("") == .english)
        #expect(AppState.Settings().language == nil, "names in the reader's language until one is chosen")
    }

    @Test("the reads of the store's article (How the store works) make the trie it draws")
    func articleReads() {
        let store = MutableStore(AppState())
        let appState = store.readOnly
        let scene = "tab"
        // snippet.trieReads
        _ = appState.read { $0.settings.showsRegion }
        _ = appState.read { $0.routing[scene].path }
        _ = appState.read { $0.routing[scene].flagSheet }
        _ = appState.values { $0.countries }
        // snippet.end
        #expect(store.readOnly.observedSliceCount == 7, "the root, settings, showsRegion, routing, routing[scene], its path and its flag sheet (a value stream subscribes when iterated)")
    }
}
