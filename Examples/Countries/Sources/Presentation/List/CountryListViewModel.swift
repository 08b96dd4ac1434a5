import CountriesDomain
import Keel
import Observation

/// The list screen: every country, searchable, grouped by region when the
/// region switch is on, refreshable from the web.
///
/// Shared state: ``searchText`` (bind a text field to it). Own state changes
/// only through ``send(_:)``. What comes from the app state (the countries,
/// the region switch, the language, the refresh) is read slice by slice, so
/// the screen is invalidated by those slices and by nothing else.
@MainActor
@Observable
public final class CountryListViewModel: ViewModel {
    /// What the list screen can ask for (`Codable`: the timeline records it,
    /// and a replay sends it again).
    public enum Event: Codable, Sendable, Equatable {
        /// Search for `text` (what typing in the search field does).
        case search(String)
        /// Refresh the countries from the web.
        case refresh
        /// Try the failed refresh again.
        case retry
        /// Cancel the refresh running, for everyone waiting for it.
        case cancelRefresh
    }

    /// The search field's text. Changing it starts a search (a new one cancels the last).
    public var searchText = "" {
        didSet {
            if searchText != oldValue { startSearch() }
        }
    }

    /// The codes matching the search, or `nil` when there is no search.
    public private(set) var matches: [String]?
    /// The error of the last search, if it failed.
    public private(set) var searchError: LocalizedText?

    /// Completions for the search field; follows ``searchText`` (article 003's child view model).
    public let suggestions: SearchSuggestionsViewModel

    /// The scene (window, browser tab) the screen is in.
    public let scene: String
    /// The language the scene is read in: names are shown in it until settings choose another.
    public package(set) var readerLanguage = NameLanguage.english {
        didSet { suggestions.readerLanguage = readerLanguage }
    }
    private let appState: Store<AppState>
    private let searchCountries: SearchCountriesUsecase
    private let refreshCountries: RefreshCountriesUsecase
    private let cancelRefresh: CancelRefreshUsecase
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Creates the list screen's view model from the container, in the scene
    /// `scene`. `package`: a ``CountriesScene`` makes it, once (a SwiftUI view must not).
    package init(_ service: any Serving, scene: String) {
        self.scene = scene
        appState = service.appState
        searchCountries = service.searchCountriesAction
        refreshCountries = service.refreshCountriesAction
        cancelRefresh = service.cancelRefreshAction
        let searchText = ObservedValuesOfSearchText()
        suggestions = SearchSuggestionsViewModel(following: searchText.values, appState: service.appState)
        searchText.source = self
    }

    /// Handles an event from the screen.
    public func send(_ event: Event) {
        // snippet.recordEvent
        appState.record(event, from: "Country list in \(scene)") // in the store's timeline, when it keeps one
        // snippet.end
        switch event {
        case .search(let text):
            searchText = text
        case .refresh, .retry:
            tasks.run("refresh") { [refreshCountries] in await refreshCountries() }
        case .cancelRefresh:
            cancelRefresh()
        }
    }

    private func startSearch() {
        let text = searchText
        guard !SearchText.normalized(text).isEmpty else {
            tasks.cancel("search")
            matches = nil
            searchError = nil
            return
        }
        tasks.run("search") { @MainActor [weak self, searchCountries] in
            do throws(CountryFizzle) {
                let codes = try await searchCountries(text)
                guard !Task.isCancelled else { return }
                self?.matches = codes
                self?.searchError = nil
            } catch {
                guard !Task.isCancelled else { return }
                self?.matches = []
                self?.searchError = error.message
            }
        }
    }

    /// Refreshes from the web and returns when the refresh has ended: for a
    /// pull to refresh, whose spinner lasts as long as the refresh. Joins the
    /// refresh running, if any; cancelling the calling task cancels it.
    public func refresh() async {
        await refreshCountries()
    }

    // MARK: What the screen shows

    /// Whether the region switch is on: the list is grouped by region.
    public var showsRegion: Bool {
        appState.read { $0.settings.showsRegion }
    }

    /// The sections to show: by region when ``showsRegion``, otherwise one.
    public var sections: [CountrySection] {
        // Several properties derive from the sections, and every screen showing
        // the same list shows the same sections: they are built once per
        // distinct input, for all screens (``SectionBuilder/memoized(_:)``).
        SectionBuilder.memoized(SectionBuilder.Inputs(
            countries: appState.read { $0.countries }.value ?? [],
            matches: matches,
            showsRegion: showsRegion,
            language: appState.read { $0.settings.language } ?? readerLanguage))
    }

    /// How many countries are shown.
    public var resultCount: Int {
        sections.reduce(0) { $0 + $1.rows.count }
    }

    /// Whether the saved countries are still being read.
    public var isLoadingList: Bool {
        switch appState.read({ $0.countries }) {
        case .notRequested, .loading(last: nil): true
        default: false
        }
    }

    /// The message to show when the list is empty, if it is.
    public var emptyMessage: LocalizedText? {
        guard resultCount == 0, !isLoadingList else { return nil }
        if let searchError { return searchError }
        if matches != nil { return "No country matches “\(searchText)”." }
        if let error = appState.read({ $0.countries }).error { return error.message }
        return "No countries are saved on this device yet."
    }

    /// Whether a refresh from the web is running.
    public var isRefreshing: Bool {
        appState.read { $0.refresh }.isLoading
    }

    /// The error of the last refresh, if it failed; the list still shows the saved countries.
    public var refreshError: LocalizedText? {
        appState.read { $0.refresh }.error?.message
    }
}

/// Hands the list's search text to its child view model as a sequence.
///
/// The child must be created in the parent's initializer, before `self` can
/// be captured; this box is captured instead and pointed at the parent once
/// it exists.
@MainActor
private final class ObservedValuesOfSearchText: Sendable {
    weak var source: CountryListViewModel?

    nonisolated init() {}

    nonisolated var values: ObservedValues<String> {
        ObservedValues { [self] in source?.searchText ?? "" }
    }
}
