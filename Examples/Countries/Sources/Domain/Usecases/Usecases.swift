import Foundation

// The usecases of the Countries app: functions, not classes (article 001).
// The container (Vessel) implements each one and hands it out through
// `Serving`. An Action changes the app state; a Query keeps a part of it in
// sync with a source (the country list follows the database) and is run by
// the container itself.

/// Action: refreshes the countries from the live API into the database.
///
/// Records the progress and outcome in ``AppState/refresh``; on failure the
/// saved countries stay, next to the error. Cancel the calling task to cancel.
public typealias RefreshCountriesUsecase = @Sendable () async -> Void

/// Action: loads the details of the country with an alpha-3 code.
///
/// Reads the database first (``DetailsSource/cached``) or the live API first
/// (``DetailsSource/live``), and saves what the API returns.
public typealias LoadDetailsUsecase = @Sendable (_ code: String, _ source: DetailsSource) async throws(CountryFizzle) -> CountryDetails

/// Action: searches the saved countries; returns the codes of the matches.
public typealias SearchCountriesUsecase = @Sendable (_ text: String) async throws(CountryFizzle) -> [String]

/// Action: turns the region switch on or off, for every screen at once.
public typealias ApplyRegionUsecase = @Sendable (_ showsRegion: Bool) -> Void

/// Action: chooses the language country names are shown in.
public typealias ApplyLanguageUsecase = @Sendable (_ language: NameLanguage) -> Void

/// Action: opens a link by setting the routing state, and returns where it led.
///
/// A link that is malformed or names an unknown country changes nothing and
/// fails with a ``LinkFizzle``.
public typealias OpenLinkUsecase = @Sendable (_ link: String) async throws(LinkFizzle) -> DeepLink

/// Action: sets the navigation path (the stack of countries whose details are open).
public typealias NavigateUsecase = @Sendable (_ path: [String]) -> Void

/// Action: shows the flag sheet of a country, or hides it with `nil`.
public typealias ShowFlagUsecase = @Sendable (_ code: String?) -> Void

/// Action: records that a scene (a window, a browser tab) became active or inactive.
public typealias SceneActivityUsecase = @Sendable (_ scene: String, _ isActive: Bool) -> Void
