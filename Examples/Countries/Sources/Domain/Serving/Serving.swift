import Keel

// The usecases of the Countries app: functions, not classes (article 001).
// The container (Vessel) implements each one, in a file of its own, and
// hands it out through `Serving`. An Action answers a request: it returns a
// result, changes the app state, or both. A Query keeps a part of the app
// state in sync with a source, one way, for as long as its caller runs it.
// A usecase's contract is the doc of its requirement below; its signature is
// the typealias after the protocol.

/// What screens receive from the container: the read-only app state and the usecases.
///
/// The app's `Vessel` implements it; tests and previews use the same type
/// built with test workers (a raft, from `CountriesTesting`). A view model
/// takes what it needs at init and lets the container go; a navigator keeps
/// it to build the screens it opens.
public protocol Serving: Sendable {
    /// The app state, read-only.
    var appState: Store<AppState> { get }

    /// Query: keeps ``AppState/countries`` in sync with the database, until
    /// the calling task is cancelled.
    ///
    /// A query is one-way: it does not act on a request, it copies what the
    /// database holds into the app state each time it changes (article 001).
    /// The app runs it once, for as long as it shows countries (the SwiftUI
    /// app from launch, the web server while it serves); the list then
    /// follows every change this app makes to the database (a refresh's).
    /// Another process writing the same file is not seen until the next
    /// launch (GRDB observes the transactions of its own connection; the
    /// Authenticator, which must see its command line's adds, adds a watch
    /// of SQLite's `data_version`).
    var followCountriesQuery: FollowCountriesQuery { get }

    /// Action: refreshes the countries from the live API into the database.
    ///
    /// After a successful refresh the database holds exactly the countries
    /// of the answer, replaced in one transaction; an answer that is empty
    /// (which counts as unreadable), unreadable or cancelled changes nothing.
    /// Records the progress and outcome in ``AppState/refresh``; on failure
    /// the saved countries stay, next to the error (the list on screen
    /// follows the database: ``followCountriesQuery``). One refresh runs at a
    /// time: a refresh asked for while one runs joins it. Cancelling the
    /// calling task only stops that caller waiting; ``cancelRefreshAction``
    /// cancels the refresh for everyone.
    var refreshCountriesAction: RefreshCountriesUsecase { get }
    /// Action: cancels the refresh running, for every screen waiting for it;
    /// the refresh state then says it was cancelled
    /// (``CountryFizzle/refreshCancelled``). Does nothing when no refresh runs.
    var cancelRefreshAction: CancelRefreshUsecase { get }
    /// Action: loads the details of the country with an alpha-3 code.
    ///
    /// ``DetailsSource/cached`` reads what the device holds first: the
    /// country list of the app state when it is loaded there (it mirrors the
    /// database), the database otherwise, and asks the live API only for a
    /// country neither holds. ``DetailsSource/live`` asks the live API first
    /// and falls back to the database when the API fails. What the API
    /// returns is saved.
    var loadDetailsAction: LoadDetailsUsecase { get }
    /// Action: searches the saved countries by code and by every name they
    /// have; returns the codes of the matches.
    ///
    /// The results belong to the screen that searched (each browser tab has
    /// its own search), so they are returned rather than written to the app state.
    var searchCountriesAction: SearchCountriesUsecase { get }
    /// Action: turns the region switch on or off, for every screen at once.
    var applyRegionAction: ApplyRegionUsecase { get }
    /// Action: chooses the language country names are shown in (`nil`: each scene's reader's).
    var applyLanguageAction: ApplyLanguageUsecase { get }
    /// Action: opens a link in the scene it arrived in, by setting that
    /// scene's routing state, and returns where it led.
    ///
    /// The link must be well formed and name a country saved on this device:
    /// one that is malformed or names an unknown country changes nothing and
    /// fails with a ``LinkFizzle`` that says why.
    var openLinkAction: OpenLinkUsecase { get }
    /// Action: sets a scene's navigation path (the stack of countries whose
    /// details are open).
    var navigateAction: NavigateUsecase { get }
    /// Action: shows the flag sheet of a country in a scene, or hides it with `nil`.
    var showFlagAction: ShowFlagUsecase { get }
    /// Action: records that a scene (a window, a browser tab) is open, and
    /// active or inactive; an inactive scene hides its content.
    ///
    /// An open scene has its routing in the app state, from the first time it
    /// reports its activity until it closes (``closeSceneAction``): its
    /// screens read its routing, and when it closes, what they read goes with it.
    var sceneActivityAction: SceneActivityUsecase { get }
    /// Action: forgets a scene that closed: its routing and its activity.
    var closeSceneAction: CloseSceneUsecase { get }
}

/// The signature of ``Serving/followCountriesQuery``.
public typealias FollowCountriesQuery = @Sendable () async -> Void

/// The signature of ``Serving/refreshCountriesAction``.
public typealias RefreshCountriesUsecase = @Sendable () async -> Void

/// The signature of ``Serving/cancelRefreshAction``.
public typealias CancelRefreshUsecase = @Sendable () -> Void

/// The signature of ``Serving/loadDetailsAction``.
public typealias LoadDetailsUsecase = @Sendable (_ code: String, _ source: DetailsSource) async throws(CountryFizzle) -> CountryDetails

/// The signature of ``Serving/searchCountriesAction``.
public typealias SearchCountriesUsecase = @Sendable (_ text: String) async throws(CountryFizzle) -> [String]

/// The signature of ``Serving/applyRegionAction``.
public typealias ApplyRegionUsecase = @Sendable (_ showsRegion: Bool) -> Void

/// The signature of ``Serving/applyLanguageAction``.
public typealias ApplyLanguageUsecase = @Sendable (_ language: NameLanguage?) -> Void

/// The signature of ``Serving/openLinkAction``.
public typealias OpenLinkUsecase = @Sendable (_ scene: String, _ link: String) async throws(LinkFizzle) -> DeepLink

/// The signature of ``Serving/navigateAction``.
public typealias NavigateUsecase = @Sendable (_ scene: String, _ path: [String]) -> Void

/// The signature of ``Serving/showFlagAction``.
public typealias ShowFlagUsecase = @Sendable (_ scene: String, _ code: String?) -> Void

/// The signature of ``Serving/sceneActivityAction``.
public typealias SceneActivityUsecase = @Sendable (_ scene: String, _ isActive: Bool) -> Void

/// The signature of ``Serving/closeSceneAction``.
public typealias CloseSceneUsecase = @Sendable (_ scene: String) -> Void
