import CountriesDomain
import Keel

/// A container that serves the usecases of its ``Deck``: both ``Vessel``
/// and ``Raft`` are one, so `Serving` is implemented once, here.
protocol UsecaseContainer: Serving {
    /// The store and workers the usecases run with.
    var deck: Deck { get }
}

extension UsecaseContainer {
    public var appState: Store<AppState> { deck.store.readOnly }
    public var refreshCountriesAction: RefreshCountriesUsecase { deck.refreshCountries }
    public var cancelRefreshAction: CancelRefreshUsecase { deck.cancelRefresh }
    public var loadDetailsAction: LoadDetailsUsecase { deck.loadDetails }
    public var searchCountriesAction: SearchCountriesUsecase { deck.searchCountries }
    public var applyRegionAction: ApplyRegionUsecase { deck.applyRegion }
    public var applyLanguageAction: ApplyLanguageUsecase { deck.applyLanguage }
    public var openLinkAction: OpenLinkUsecase { deck.openLink }
    public var navigateAction: NavigateUsecase { deck.navigate }
    public var showFlagAction: ShowFlagUsecase { deck.showFlag }
    public var sceneActivityAction: SceneActivityUsecase { deck.sceneActivity }
    public var closeSceneAction: CloseSceneUsecase { deck.closeScene }
}
