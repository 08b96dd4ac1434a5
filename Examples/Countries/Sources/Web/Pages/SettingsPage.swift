import CountriesDomain
import CountriesPresentation
import KeelWeb

/// The settings page's context: a view state, no view model (article 004).
struct SettingsPage: Sendable {
    let frame: PageFrame
    /// The live part of the page.
    let body: SettingsBody

    @MainActor
    init(session: CountryTab, saved: Bool, error: String?) {
        frame = PageFrame(
            title: "Settings", page: "settings", code: "",
            hidden: session.root.isContentHidden, message: nil)
        body = SettingsBody(session: session, saved: saved, error: error)
    }
}

/// The settings form, showing the current settings.
struct SettingsBody: Sendable, Equatable {
    let tab: String
    let token: String
    let showsRegion: Bool
    let languages: [Option]
    let preview: Preview?
    let saved: Bool
    let error: String?

    /// How one country is named with the chosen language: South Korea when
    /// it is saved, otherwise the first saved country.
    struct Preview: Sendable, Equatable {
        /// The country's English name.
        let country: String
        /// Its name in the chosen language.
        let shown: String
    }

    struct Option: Sendable, Equatable {
        let code: String
        let name: String
        let selected: Bool
    }

    /// The form showing the app's current settings in `session`'s tab.
    @MainActor
    init(session: CountryTab, saved: Bool, error: String?) {
        let form = SettingsViewState(session.appState.read { $0.settings })
        tab = session.id
        token = session.token
        showsRegion = form.showsRegion
        languages = form.languages.map { Option(code: $0.code, name: $0.endonym, selected: $0.code == form.languageCode) }
        let countries = session.appState.read { $0.countries }.value ?? []
        preview = form.previewCountry(among: countries).map {
            Preview(country: $0.name.common, shown: form.preview(of: $0))
        }
        self.saved = saved
        self.error = error
    }
}
