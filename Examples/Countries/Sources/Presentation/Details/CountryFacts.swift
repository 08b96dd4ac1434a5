import CountriesDomain
import Keel

/// The facts of the details screen, ready to show.
public struct CountryFacts: Equatable, Sendable {
    /// The alpha-3 code.
    public let code: String
    /// The flag emoji.
    public let flag: String
    /// The common name in the chosen language.
    public let name: String
    /// The official name in the chosen language.
    public let officialName: String
    /// The English common name, when the chosen language is another one.
    public let englishName: String?
    /// The names in the country's own languages ("대한민국").
    public let nativeNames: [String]
    /// The capitals, or "none".
    public let capitals: LocalizedText
    /// The population, formatted.
    public let population: String
    /// The area, formatted.
    public let area: LocalizedText
    /// The currencies, named in the reader's language when shown: "South Korean won (₩)".
    public let currencies: [CodedName]
    /// The official languages, named in the reader's language when shown.
    public let languages: [CodedName]
    /// The region and sub-region, their names translated, when the region switch is on.
    public let region: LocalizedText?
    /// The neighbours, each openable.
    public let neighbours: [CountryRow]

    /// The facts of `details`, named in `language`.
    public init(_ details: CountryDetails, language: NameLanguage, showsRegion: Bool) {
        let country = details.country
        let name = country.name(in: language)
        code = country.code
        flag = country.flag
        self.name = name.common
        officialName = name.official
        englishName = name.common == country.name.common ? nil : country.name.common
        var seenNative = Set<String>()
        nativeNames = country.nativeNames.keys.sorted().compactMap { country.nativeNames[$0]?.common }
            .filter { $0 != country.name.common && seenNative.insert($0).inserted }
        capitals = country.capitals.isEmpty ? "none" : .verbatim(country.capitals.joined(separator: ", "))
        population = Formatting.count(country.population)
        area = Formatting.area(country.area)
        currencies = country.currencies.map { CodedName(code: $0.code, englishName: $0.name, kind: .currency(symbol: $0.symbol)) }
        languages = country.languages.map { CodedName(code: $0.code, englishName: $0.name, kind: .language) }
        if showsRegion, !country.region.isEmpty {
            let name = LocalizedText(key: country.region)
            region = country.subregion.map { "\(name) · \(LocalizedText(key: $0))" } ?? name
        } else {
            region = nil
        }
        neighbours = details.neighbours
            .map { CountryRow($0, language: language, showsRegion: false) }
            .sorted { NameOrder.areInIncreasingOrder($0.name, $1.name) }
    }
}
