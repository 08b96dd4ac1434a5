import CountriesDomain
import CountriesPresentation
import Keel
import KeelWeb

/// A browser tab of the Countries front-end (a ``CountryScreens`` in a tab session).
typealias CountryTab = TabSession<CountryScreens>

/// The tab sessions of the Countries front-end.
typealias CountryTabs = SessionRegistry<CountryScreens>

/// What one browser tab of Countries holds: its scene and its screens' view models.
@MainActor
final class CountryScreens: TabScreens {
    /// The tab as a scene: deep links, activity.
    let root: RootViewModel
    /// The list screen, made the first time the tab shows or searches its
    /// list: a tab opened on a details page (a shared link) may never show
    /// it, and a list screen follows the app state from its creation.
    var list: CountryListViewModel {
        if let listIfMade { return listIfMade }
        let list = CountryListViewModel(service)
        listIfMade = list
        return list
    }
    /// The list screen, if the tab made it.
    private(set) var listIfMade: CountryListViewModel?
    /// The details screen shown last, if any.
    private(set) var details: CountryDetailsViewModel?
    /// The app state, read-only, shared by every tab.
    let appState: Store<AppState>
    /// The interface language the tab chose in its settings, or `nil` for its browser's.
    var chosenLanguage: String?
    /// The language of the tab's pages: the chosen one, else the best for
    /// its browser's languages at its last page.
    var language = "en"
    private let service: any Serving
    private let scene: String

    /// The screens of the tab `scene`.
    init(service: any Serving, scene: String) {
        self.service = service
        self.scene = scene
        appState = service.appState
        root = RootViewModel(service, scene: scene)
        root.send(.sceneActivity(isActive: true))
    }

    /// The details view model of the country `code`, reusing the current one when it matches.
    func details(of code: String) -> CountryDetailsViewModel {
        let code = code.uppercased()
        if let details, details.code == code { return details }
        let viewModel = CountryDetailsViewModel(service, code: code, scene: scene)
        details = viewModel
        return viewModel
    }

    /// Applies a settings form through the usecases; returns why it cannot be applied, if it cannot.
    func apply(_ form: SettingsViewState) -> LocalizedText? {
        form.apply(to: service)
    }

    /// A closed tab is a scene the app forgets (its routing, its activity).
    func close() {
        root.send(.closed)
        listIfMade?.suggestions.stop()
        details?.send(.cancel)
    }
}

extension TabSession where Screens == CountryScreens {
    /// A new Countries tab over `service`.
    convenience init(service: any Serving, now: ContinuousClock.Instant) {
        self.init(now: now) { CountryScreens(service: service, scene: $0) }
    }
}

extension SessionRegistry where Screens == CountryScreens {
    /// The Countries tabs over `service`.
    convenience init(service: any Serving, lifetime: Duration, closedTabLifetime: Duration? = nil, maximum: Int) {
        self.init(lifetime: lifetime, closedTabLifetime: closedTabLifetime, maximum: maximum) {
            CountryScreens(service: service, scene: $0)
        }
    }
}
