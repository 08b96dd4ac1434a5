import CountriesDomain

/// Builds the list's sections from the countries, the search results and the settings.
///
/// A pure function of its inputs, so that the list's layout rules — grouped
/// by region when the region switch is on, one flat list when it is off —
/// are tested without a screen (article 001's region switch).
public enum SectionBuilder {
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
        return grouped.keys.sorted().map { CountrySection(title: $0, rows: grouped[$0] ?? []) }
    }
}
