import CountriesDomain
import Keel

/// One row of the country list, ready to show.
public struct CountryRow: Equatable, Sendable, Identifiable {
    /// The alpha-3 code, which identifies the row.
    public let code: String
    /// The flag emoji.
    public let flag: String
    /// The common name in the chosen language.
    public let name: String
    /// The official name in the chosen language.
    public let officialName: String
    /// Where the country lies, when the region switch is on: its sub-region
    /// ("Eastern Asia"), or its region when it has none, each a key of the
    /// catalog. (The section title of a grouped list already names the region.)
    public let region: LocalizedText?
    /// The population, formatted.
    public let population: String

    /// The row's identity: the country code.
    public var id: String { code }

    /// The row of `country`, named in `language`.
    public init(_ country: Country, language: NameLanguage, showsRegion: Bool) {
        let name = country.name(in: language)
        code = country.code
        flag = country.flag
        self.name = name.common
        officialName = name.official
        let place = country.subregion ?? country.region
        region = showsRegion && !place.isEmpty ? LocalizedText(key: place) : nil
        population = Formatting.count(country.population)
    }
}

/// A titled group of rows: a region when the list is grouped, or the whole list.
public struct CountrySection: Equatable, Sendable, Identifiable {
    /// The region (its name is a key of the catalog), or `nil` for the
    /// single section of an ungrouped list.
    public let title: LocalizedText?
    /// The rows, by name.
    public let rows: [CountryRow]

    /// The section's identity: its title.
    public var id: String { title?.key ?? "" }

    /// Creates a section.
    public init(title: LocalizedText?, rows: [CountryRow]) {
        self.title = title
        self.rows = rows
    }
}
