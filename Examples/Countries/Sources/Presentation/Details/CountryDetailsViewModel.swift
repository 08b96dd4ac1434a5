import CountriesDomain
import Keel
import Observation

/// The details screen of one country: its facts, its neighbours, its flag
/// sheet; loading can be cancelled.
@MainActor
@Observable
public final class CountryDetailsViewModel: ViewModel {
    /// What the details screen can ask for (`Codable`: the timeline records
    /// it, and a replay sends it again).
    public enum Event: Codable, Sendable, Equatable {
        /// Load the details (from the device first), if not loaded yet.
        case appeared
        /// Load the details from the web first.
        case reload
        /// Cancel the load running.
        case cancel
        /// Open a neighbour's details on top of this screen.
        case openNeighbour(code: String)
        /// Show the flag sheet.
        case showFlag
        /// Hide the flag sheet.
        case hideFlag
    }

    /// The alpha-3 code of the country shown.
    public let code: String
    /// The scene (window, browser tab) the screen is in: its routing holds the flag sheet.
    public let scene: String
    /// The details and the state of their loading.
    public let details: Loader<CountryDetails>
    /// The language the scene is read in: names are shown in it until settings choose another.
    public package(set) var readerLanguage = NameLanguage.english

    private let appState: Store<AppState>
    private let loadDetails: LoadDetailsUsecase
    private let navigate: NavigateUsecase
    private let showFlag: ShowFlagUsecase

    /// Creates the view model of the details of the country with `code`, in the scene `scene`.
    /// `package`: a ``CountriesScene`` makes it, once per screen (a SwiftUI view must not).
    package init(
        _ service: any Serving, code: String, scene: String, logbook: any Logbook = ConsoleLogbook(label: "countries")
    ) {
        self.code = code.uppercased()
        self.scene = scene
        details = Loader(logbook: logbook)
        appState = service.appState
        loadDetails = service.loadDetailsAction
        navigate = service.navigateAction
        showFlag = service.showFlagAction
    }

    /// Handles an event from the screen.
    public func send(_ event: Event) {
        appState.record(event, from: "Country details \(code) in \(scene)") // in the store's timeline, when it keeps one
        switch event {
        case .appeared:
            guard case .notRequested = details.state else { return }
            load(from: .cached)
        case .reload:
            load(from: .live)
        case .cancel:
            details.cancel()
        case .openNeighbour(let neighbour):
            var path = appState.read { $0.routing[scene].path } ?? []
            if path.last != code { path = [code] }
            navigate(scene, path + [neighbour.uppercased()])
        case .showFlag:
            showFlag(scene, code)
        case .hideFlag:
            if isFlagSheetShown { showFlag(scene, nil) }
        }
    }

    private func load(from source: DetailsSource) {
        details.load { [loadDetails, code] in try await loadDetails(code, source) }
    }

    // MARK: What the screen shows

    /// The facts to show: loaded, or the last ones while loading again.
    public var facts: CountryFacts? {
        details.state.value.map {
            CountryFacts($0, language: appState.read { $0.settings.language } ?? readerLanguage, showsRegion: showsRegion)
        }
    }

    /// Whether a load is running (the screen offers to cancel it).
    public var isLoading: Bool {
        details.state.isLoading
    }

    /// The error of the last load, if it failed.
    public var errorMessage: LocalizedText? {
        details.state.error?.message
    }

    /// Whether loading again may help after a failure: not for a country that does not exist.
    public var canRetry: Bool {
        guard let error = details.state.error else { return false }
        if case .notFound = error as? CountryFizzle { return false }
        return true
    }

    /// Whether the region switch is on: the region is shown.
    public var showsRegion: Bool {
        appState.read { $0.settings.showsRegion }
    }

    /// Whether this country's flag sheet is shown in this scene.
    public var isFlagSheetShown: Bool {
        appState.read { $0.routing[scene].flagSheet } == code
    }
}
