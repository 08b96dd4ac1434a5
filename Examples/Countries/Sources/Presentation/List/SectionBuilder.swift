import CountriesDomain
import Keel

/// Builds the list's sections from the countries, the search results and the settings.
///
/// A pure function of its inputs, so that the list's layout rules — grouped
/// by region when the region switch is on, one flat list when it is off —
/// are tested without a screen (article 001's region switch).
public enum SectionBuilder {
    /// What sections are built from.
    public struct Inputs: Equatable, Sendable {
        /// The countries, as the app state holds them.
        public var countries: [Country]
        /// The codes matching a search, or `nil` when there is no search.
        public var matches: [String]?
        /// Whether the list is grouped by region.
        public var showsRegion: Bool
        /// The language names are shown in.
        public var language: NameLanguage

        /// Creates the inputs of a list.
        public init(countries: [Country], matches: [String]?, showsRegion: Bool, language: NameLanguage) {
            self.countries = countries
            self.matches = matches
            self.showsRegion = showsRegion
            self.language = language
        }
    }

    /// The sections built last, and what they were built from.
    @MainActor private static var last: (inputs: Inputs, sections: [CountrySection])?

    /// The sections of `inputs`, built once for every screen that shows them.
    ///
    /// Every list screen shows the same countries (one app state), so the
    /// screens of all windows or browser tabs share one build per distinct
    /// input: a region switch regroups the list once, not once per screen.
    /// Comparing equal inputs is cheap, as arrays read from one state compare
    /// by their storage; so is comparing the sections returned, for the same reason.
    @MainActor
    public static func memoized(_ inputs: Inputs) -> [CountrySection] {
        if let last, last.inputs == inputs { return last.sections }
        let sections = sections(
            countries: inputs.countries, matches: inputs.matches, showsRegion: inputs.showsRegion, language: inputs.language)
        last = (inputs, sections)
        return sections
    }

    /// The sections showing `countries`, restricted to `matches` (codes) when
    /// a search is active, named in `language`.
    public static func sections(
        countries: [Country], matches: [String]?, showsRegion: Bool, language: NameLanguage
    ) -> [CountrySection] {
        let visible: [Country]
        if let matches {
            let wanted = Set(matches)
            visible = countries.filter { wanted.contains($0.code) }
        } else {
            visible = countries
        }
        // Sorted in the one order of names (``NameOrder``), each key computed once.
        let rows = visible
            .map { CountryRow($0, language: language, showsRegion: showsRegion) }
            .map { (key: NameOrder.key($0.name), row: $0) }
            .sorted { ($0.key, $0.row.name, $0.row.code) < ($1.key, $1.row.name, $1.row.code) }
            .map(\.row)
        guard showsRegion else {
            return rows.isEmpty ? [] : [CountrySection(title: nil, rows: rows)]
        }
        let regionOfCode = Dictionary(visible.map { ($0.code, $0.region.isEmpty ? "Other" : $0.region) }, uniquingKeysWith: { first, _ in first })
        let grouped = Dictionary(grouping: rows, by: { regionOfCode[$0.code] ?? "Other" })
        // A region's name, as the service writes it, is its key in the catalog.
        return grouped.keys.sorted().map { CountrySection(title: LocalizedText(key: $0), rows: grouped[$0] ?? []) }
    }
}
