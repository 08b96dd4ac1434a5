import Foundation

// The usecases of the Countries app: functions, not classes (article 001).
// The container (Vessel) implements each one, in a file of its own, and
// hands it out through `Serving`. An Action answers a request: it returns a
// result, changes the app state, or both. A Query keeps a part of the app
// state in sync with a source, one way, for as long as its caller runs it.

/// Query: keeps ``AppState/countries`` in sync with the database, until the
/// calling task is cancelled.
///
/// The app runs it once, for as long as it shows countries (the SwiftUI app
/// from launch, the web server while it serves); the list then follows every
/// change this app makes to the database (a refresh's). Another process
/// writing the same file is not seen until the next launch (GRDB observes the
/// transactions of its own connection; the Authenticator, which must see its
/// command line's adds, adds a watch of SQLite's `data_version`).
public typealias FollowCountriesQuery = @Sendable () async -> Void

/// Action: refreshes the countries from the live API into the database.
///
/// After a successful refresh the database holds exactly the countries of
/// the answer; an answer that is empty, unreadable or cancelled changes
/// nothing. Records the progress and outcome in ``AppState/refresh``; on
/// failure the saved countries stay, next to the error. One refresh runs at a
/// time: a refresh asked for while one runs joins it. Cancelling the calling
/// task only stops that caller waiting; ``CancelRefreshUsecase`` cancels the
/// refresh for everyone.
public typealias RefreshCountriesUsecase = @Sendable () async -> Void

/// Action: cancels the refresh running, for every screen waiting for it; the
/// refresh state then says it was cancelled (``CountryFizzle/refreshCancelled``).
public typealias CancelRefreshUsecase = @Sendable () -> Void

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

/// Action: opens a link in the scene it arrived in, by setting that scene's
/// routing state, and returns where it led.
///
/// A link that is malformed or names an unknown country changes nothing and
/// fails with a ``LinkFizzle``.
public typealias OpenLinkUsecase = @Sendable (_ scene: String, _ link: String) async throws(LinkFizzle) -> DeepLink

/// Action: sets a scene's navigation path (the stack of countries whose details are open).
public typealias NavigateUsecase = @Sendable (_ scene: String, _ path: [String]) -> Void

/// Action: shows the flag sheet of a country in a scene, or hides it with `nil`.
public typealias ShowFlagUsecase = @Sendable (_ scene: String, _ code: String?) -> Void

/// Action: records that a scene (a window, a browser tab) is open, and active
/// or inactive; the scene's routing exists from then until it closes.
public typealias SceneActivityUsecase = @Sendable (_ scene: String, _ isActive: Bool) -> Void

/// Action: forgets a scene that closed: its routing and its activity.
public typealias CloseSceneUsecase = @Sendable (_ scene: String) -> Void
