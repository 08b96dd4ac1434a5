import CountriesPresentation
import KeelWeb

/// The details page's context, built from the tab's details view model: the
/// same for every tab that shows the same country in the same state, so that
/// the whole page is rendered once for all of them (``SharedFragments``).
struct DetailsPage: Sendable, Equatable {
    let frame: PageFrame
    /// The live part of the page (template `details-body`).
    let body: DetailsBody
    /// The id of the live event of ``body``: the live connection does not send it again while it is the same.
    let bodyID: String?

    @MainActor
    init(session: CountryTab, details: CountryDetailsViewModel, voice: Voice) {
        let wording = voice.wording
        body = DetailsBody(details: details, wording: wording)
        bodyID = voice.fragments.event("details-body", body, in: "details").id
        frame = PageFrame(
            language: wording.language, title: body.facts?.name ?? details.code, page: "details",
            code: details.code, hidden: session.root.isContentHidden, message: nil)
    }
}

/// The part of the details page that changes live: the same for every tab
/// that shows the same country in the same state, so that it is rendered once
/// for all of them (``SharedFragments``).
struct DetailsBody: Sendable, Equatable {
    let code: String
    let loading: Bool
    /// "Loading KOR…", in the page's language.
    let loadingLabel: String
    /// The flag sheet's accessible name.
    let flagLabel: String
    let error: String?
    /// Whether the error offers to load again (not for a country that does not exist).
    let canRetry: Bool
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
        let neighbours: [Neighbour]
        let hasNeighbours: Bool
    }

    /// A neighbour, which opens its own details.
    struct Neighbour: Sendable, Equatable {
        let code: String
        let flag: String
        let name: String
    }

    @MainActor
    init(details: CountryDetailsViewModel, wording words: Wording) {
        // Worked out from the loaded details at each read: read once.
        let facts = details.facts
        code = details.code
        loading = details.isLoading
        loadingLabel = words("Loading \(details.code)…")
        flagLabel = words("Flag of \(facts?.name ?? details.code)")
        error = details.errorMessage.map { words($0) }
        canRetry = details.canRetry
        flagSheet = details.isFlagSheetShown
        self.facts = facts.map { facts in
            Facts(
                flag: facts.flag, name: facts.name, officialName: facts.officialName,
                englishName: facts.englishName,
                nativeNames: facts.nativeNames.isEmpty ? nil : facts.nativeNames.joined(separator: ", "),
                capitals: words(facts.capitals), population: facts.population, area: words(facts.area),
                currencies: facts.currencies.isEmpty ? words("none") : facts.currencies.map { $0.name(in: words.locale) }.joined(separator: ", "),
                languages: facts.languages.isEmpty ? words("none") : facts.languages.map { $0.name(in: words.locale) }.joined(separator: ", "),
                region: facts.region.map { words($0) },
                neighbours: facts.neighbours.map { Neighbour(code: $0.code, flag: $0.flag, name: $0.name) },
                hasNeighbours: !facts.neighbours.isEmpty)
        }
    }
}
