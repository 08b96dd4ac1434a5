import CountriesDomain
import CountriesPresentation
import Keel
import KeelWeb

/// The settings page's context: a view state, no view model (article 004).
struct SettingsPage: Sendable {
    let frame: PageFrame
    /// The live part of the page.
    let body: SettingsBody

    @MainActor
    init(session: CountryTab, saved: Bool, error: LocalizedText?, wording: Wording) {
        frame = PageFrame(
            language: wording.language, title: wording("Settings"), page: "settings", code: "",
            hidden: session.root.isContentHidden, message: nil)
        body = SettingsBody(session: session, saved: saved, error: error, wording: wording)
    }
}

/// The settings form, showing the current settings.
struct SettingsBody: Sendable, Equatable {
    let showsRegion: Bool
    let languages: [Option]
    /// The tab's interface language: its browser's (empty code) or one of the catalog's.
    let interfaceLanguages: [Option]
    /// How one country is named with the chosen language ("South Korea is
    /// shown as 대한민국."): South Korea when it is saved, otherwise the first
    /// saved country.
    let preview: String?
    let saved: Bool
    let error: String?

    /// Each interface language, named in itself.
    static let endonyms = ["en": "English", "ko": "한국어"]

    struct Option: Sendable, Equatable {
        let code: String
        let name: String
        let selected: Bool
    }

    /// The form showing the app's current settings in `session`'s tab.
    @MainActor
    init(session: CountryTab, saved: Bool, error: LocalizedText?, wording words: Wording) {
        let form = SettingsViewState(session.service.appState.read { $0.settings })
        showsRegion = form.showsRegion
        // Names follow the page's language until the reader chooses one.
        let reader = session.screens.readerLanguage
        languages = [Option(code: "", name: words("The app's language (\(reader.endonym))"), selected: form.followsReader)]
            + form.languages.map { Option(code: $0.code, name: $0.endonym, selected: $0.code == form.languageCode) }
        let countries = session.service.appState.read { $0.countries }.value ?? []
        preview = form.previewCountry(among: countries).map {
            words("\($0.name.common) is shown as \(form.preview(of: $0, readBy: reader)).")
        }
        let chosen = session.chosenLanguage ?? ""
        interfaceLanguages = [Option(code: "", name: words("The browser's language"), selected: chosen.isEmpty)]
            + words.catalog.languages.map { code in
                Option(code: code, name: Self.endonyms[code] ?? code, selected: code == chosen)
            }
        self.saved = saved
        self.error = error.map { words($0) }
    }
}
