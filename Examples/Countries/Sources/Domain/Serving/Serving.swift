import Keel

/// What screens receive from the container: the read-only app state and the usecases.
///
/// The app's `Vessel` implements it; tests and previews use the same type
/// built with test workers (a raft, from `CountriesTesting`). A view model
/// takes what it needs at init and lets the container go; a navigator keeps
/// it to build the screens it opens.
public protocol Serving: Sendable {
    /// The app state, read-only.
    var appState: Store<AppState> { get }

    /// Keeps the country list in sync with the database.
    var followCountriesQuery: FollowCountriesQuery { get }

    /// Refreshes the countries from the live API.
    var refreshCountriesAction: RefreshCountriesUsecase { get }
    /// Cancels the refresh running, for everyone.
    var cancelRefreshAction: CancelRefreshUsecase { get }
    /// Loads the details of a country.
    var loadDetailsAction: LoadDetailsUsecase { get }
    /// Searches the saved countries.
    var searchCountriesAction: SearchCountriesUsecase { get }
    /// Turns the region switch on or off.
    var applyRegionAction: ApplyRegionUsecase { get }
    /// Chooses the language of country names.
    var applyLanguageAction: ApplyLanguageUsecase { get }
    /// Opens a deep link.
    var openLinkAction: OpenLinkUsecase { get }
    /// Sets the navigation path.
    var navigateAction: NavigateUsecase { get }
    /// Shows or hides a flag sheet.
    var showFlagAction: ShowFlagUsecase { get }
    /// Records a scene becoming active or inactive.
    var sceneActivityAction: SceneActivityUsecase { get }
    /// Forgets a scene that closed.
    var closeSceneAction: CloseSceneUsecase { get }
}
