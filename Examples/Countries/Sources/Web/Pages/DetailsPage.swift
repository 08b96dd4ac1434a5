import CountriesPresentation

/// The details page's context, built from the tab's details view model.
struct DetailsPage: Sendable {
    let frame: PageFrame
    /// The live part of the page.
    let body: DetailsBody

    @MainActor
    init(session: TabSession, details: CountryDetailsViewModel) {
        let body = DetailsBody(details: details, tab: session.id, token: session.token)
        frame = PageFrame(
            tab: session.id, token: session.token, title: body.facts?.name ?? details.code, page: "details",
            code: details.code, hidden: session.root.isContentHidden, message: nil)
        self.body = body
    }
}

/// The part of the details page that changes live.
struct DetailsBody: Sendable, Equatable {
    let tab: String
    let token: String
    let code: String
    let loading: Bool
    let error: String?
    let facts: Facts?
    let flagSheet: Bool

    struct Facts: Sendable, Equatable {
        let flag: String
        let name: String
        let officialName: String
        let englishName: String?
        let nativeNames: String?
        let capitals: String
        let population: String
        let area: String
        let currencies: String
        let languages: String
        let region: String?
        let neighbours: [ListResults.Row]
        let hasNeighbours: Bool
    }

    @MainActor
    init(details: CountryDetailsViewModel, tab: String, token: String) {
        self.tab = tab
        self.token = token
        code = details.code
        loading = details.isLoading
        error = details.errorMessage
        flagSheet = details.isFlagSheetShown
        facts = details.facts.map { facts in
            Facts(
                flag: facts.flag, name: facts.name, officialName: facts.officialName,
                englishName: facts.englishName,
                nativeNames: facts.nativeNames.isEmpty ? nil : facts.nativeNames.joined(separator: ", "),
                capitals: facts.capitals, population: facts.population, area: facts.area,
                currencies: facts.currencies.isEmpty ? "none" : facts.currencies.joined(separator: ", "),
                languages: facts.languages.isEmpty ? "none" : facts.languages.joined(separator: ", "),
                region: facts.region,
                neighbours: facts.neighbours.map { ListResults.Row($0, tab: tab) },
                hasNeighbours: !facts.neighbours.isEmpty)
        }
    }
}
