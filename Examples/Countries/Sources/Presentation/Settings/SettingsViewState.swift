import CountriesDomain
import Keel

/// The settings screen's state and its logic, without a view model (article 004).
///
/// The settings screen only shows shared state (the app's settings) and
/// changes it through usecases, so it needs no view model. What it holds of
/// its own — the choices being made in a form, and their validation — lives
/// in this value, which is tested on its own. Applying it is the screen's
/// one event: the timeline records the form applied (`Codable`), and a
/// replay applies it again.
public struct SettingsViewState: Codable, Equatable, Sendable {
    /// The region switch as chosen in the form.
    public var showsRegion: Bool
    /// The language code as chosen in the form (a picker's or a web form's
    /// value): empty for the reader's language (``followsReader``).
    public var languageCode: String

    /// The state of a form showing `settings`.
    public init(_ settings: AppState.Settings) {
        showsRegion = settings.showsRegion
        languageCode = settings.language?.code ?? ""
    }

    /// The languages to choose from, besides the reader's.
    public var languages: [NameLanguage] { NameLanguage.all }

    /// Whether names follow the language each scene is read in (the first choice, an empty code).
    public var followsReader: Bool { languageCode.isEmpty }

    /// The language chosen, or `nil` when names follow the reader's or the
    /// code is not one of ``languages``.
    public var language: NameLanguage? {
        NameLanguage.named(languageCode)
    }

    /// Why the form cannot be applied, if it cannot.
    public var validationMessage: LocalizedText? {
        !followsReader && language == nil ? "Choose one of the offered languages." : nil
    }

    /// What applying the form changes in `settings`: the new region switch,
    /// and the new language (`.some(nil)`: back to the reader's), each `nil`
    /// when unchanged or invalid.
    public func changes(from settings: AppState.Settings) -> (showsRegion: Bool?, language: NameLanguage??) {
        let chosen: NameLanguage?? = followsReader ? .some(nil) : language.map { .some($0) }
        return (
            showsRegion == settings.showsRegion ? nil : showsRegion,
            chosen.flatMap { $0 == settings.language ? nil : .some($0) }
        )
    }

    /// Applies the form through the container's usecases; returns the
    /// validation message instead when the form is invalid.
    @discardableResult
    public func apply(to service: any Serving) -> LocalizedText? {
        service.appState.record(self, from: "Settings") // in the store's timeline, when it keeps one
        if let validationMessage { return validationMessage }
        let current = service.appState.read { $0.settings }
        let changes = changes(from: current)
        if let showsRegion = changes.showsRegion { service.applyRegionAction(showsRegion) }
        if let language = changes.language { service.applyLanguageAction(language) }
        return nil
    }

    /// How `country` is named with the chosen language, to someone reading
    /// in `reader`: a preview for the form.
    public func preview(of country: Country, readBy reader: NameLanguage) -> String {
        country.name(in: language ?? reader).common
    }

    /// The country the form's preview names, among `countries` (the saved
    /// ones): South Korea when it is there, otherwise the first; `nil` when
    /// there is none.
    public func previewCountry(among countries: [Country]) -> Country? {
        countries.first { $0.code == "KOR" } ?? countries.first
    }
}
