import CountriesPresentation
import Keel
import KeelWeb

/// The list page's context, built from the tab's list view model: the same
/// for every tab that shows the same list, so that the whole page is rendered
/// once for all of them (``SharedFragments``).
struct ListPage: Sendable, Equatable {
    let frame: PageFrame
    /// The search field's text.
    let searchText: String
    /// The live part of the page, the search field's completions included.
    let results: ListResults
    /// The id of the live event of ``results``: the live connection does not send them again while they are the same.
    let resultsID: String?

    @MainActor
    init(session: CountryTab, voice: Voice, message: LocalizedText? = nil) {
        let list = session.list
        let words = voice.wording
        frame = PageFrame(
            language: words.language, title: words("Countries"), page: "list", code: "",
            hidden: session.root.isContentHidden, message: message.map { words($0) })
        searchText = list.searchText
        results = ListResults(list: list, voice: voice)
        resultsID = voice.fragments.event("list-results", results, in: "results").id
    }
}

/// The list's sections: the same for every tab that shows the same list,
/// so that they are rendered once for all of them (``SharedFragments``).
struct ListSections: Sendable, Equatable {
    let sections: [CountrySection]
    let grouped: Bool
    /// The sections' titles are regions' names, in this language.
    let wording: Wording
}

/// The part of the list page that changes live: count, sections, refresh state,
/// and the completions of the search field.
struct ListResults: Sendable, Equatable {
    let suggestions: [String]
    let countLabel: String
    /// The sections, rendered (template `list-sections`).
    let sectionsHTML: String
    let refreshing: Bool
    let refreshError: String?
    let emptyMessage: String?
    let loading: Bool
    let grouped: Bool


    @MainActor
    init(list: CountryListViewModel, voice: Voice) {
        let words = voice.wording
        suggestions = list.suggestions.suggestions
        countLabel = words("\(list.resultCount) countries")
        // With its tab markers: they are filled in with the page's or the fragment's.
        sectionsHTML = voice.fragments.render(
            "list-sections", ListSections(sections: list.sections, grouped: list.showsRegion, wording: words))
        refreshing = list.isRefreshing
        refreshError = list.refreshError.map { words($0) }
        emptyMessage = list.emptyMessage.map { words($0) }
        loading = list.isLoadingList
        grouped = list.showsRegion
    }
}
