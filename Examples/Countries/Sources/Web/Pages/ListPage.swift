import CountriesPresentation
import Mustache

/// The list page's context, built from the tab's list view model.
struct ListPage: Sendable {
    let frame: PageFrame
    /// The search field's text.
    let searchText: String
    /// Completions for the search field.
    let suggestions: [String]
    /// The live part of the page.
    let results: ListResults

    @MainActor
    init(session: TabSession, message: String? = nil) {
        let list = session.list
        frame = PageFrame(
            tab: session.id, token: session.token, title: "Countries", page: "list", code: "",
            hidden: session.root.isContentHidden, message: message)
        searchText = list.searchText
        suggestions = list.suggestions.suggestions
        results = ListResults(list: list, tab: session.id, token: session.token)
    }
}

/// The part of the list page that changes live: count, sections, refresh state.
struct ListResults: Sendable, Equatable {
    let tab: String
    let token: String
    let countLabel: String
    let sections: [Section]
    let refreshing: Bool
    let refreshError: String?
    let emptyMessage: String?
    let loading: Bool
    let grouped: Bool

    struct Section: Sendable, Equatable {
        let title: String?
        let rows: [Row]
    }

    struct Row: Sendable, Equatable {
        let code: String
        let flag: String
        let name: String
        let officialName: String
        let region: String?
        let population: String
        let href: String
    }

    @MainActor
    init(list: CountryListViewModel, tab: String, token: String) {
        self.tab = tab
        self.token = token
        let count = list.resultCount
        countLabel = count == 1 ? "1 country" : "\(count) countries"
        sections = list.sections.map { section in
            Section(title: section.title, rows: section.rows.map { Row($0, tab: tab) })
        }
        refreshing = list.isRefreshing
        refreshError = list.refreshError
        emptyMessage = list.emptyMessage
        loading = list.isLoadingList
        grouped = list.showsRegion
    }
}

extension ListResults.Row {
    init(_ row: CountryRow, tab: String) {
        code = row.code
        flag = row.flag
        name = row.name
        officialName = row.officialName
        region = row.region
        population = row.population
        href = "/country/\(row.code)?tab=\(tab)"
    }
}

// A list page renders hundreds of rows: name their fields for the template
// directly rather than through reflection.
extension ListResults.Row: MustacheParent {
    func child(named field: String) -> Any? {
        switch field {
        case "code": code
        case "flag": flag
        case "name": name
        case "officialName": officialName
        case "region": region
        case "population": population
        case "href": href
        default: nil
        }
    }
}
