import CountriesDomain
import GRDB

/// A row of the `country` table.
///
/// Scalars have columns of their own; lists and dictionaries are JSON text
/// (GRDB encodes nested `Codable` values as JSON). `searchText` holds
/// ``SearchText/index(of:)`` and `sortKey` the ``NameOrder`` key of the English common name.
struct CountryRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "country"

    var code: String
    var alpha2: String
    var commonName: String
    var officialName: String
    var nativeNames: [String: NameColumn]
    var translations: [String: NameColumn]
    var region: String
    var subregion: String?
    var capitals: [String]
    var population: Int
    var area: Double?
    var currencies: [CurrencyColumn]
    var languages: [LanguageColumn]
    var borders: [String]
    var flag: String
    var searchText: String
    var sortKey: String

    /// The columns that queries name.
    enum Columns {
        static let code = Column(CodingKeys.code)
        static let searchText = Column(CodingKeys.searchText)
        static let sortKey = Column(CodingKeys.sortKey)
        static let commonName = Column(CodingKeys.commonName)
    }

    /// The order of the list: ``NameOrder`` (the key, then the name), then the code.
    static var nameOrder: [any SQLOrderingTerm] { [Columns.sortKey, Columns.commonName, Columns.code] }

    struct NameColumn: Codable, Sendable {
        var common: String
        var official: String
    }

    struct CurrencyColumn: Codable, Sendable {
        var code: String
        var name: String
        var symbol: String?
    }

    struct LanguageColumn: Codable, Sendable {
        var code: String
        var name: String
    }
}

extension CountryRecord {
    /// The row of `country`.
    init(_ country: Country) {
        code = country.code
        alpha2 = country.alpha2
        commonName = country.name.common
        officialName = country.name.official
        nativeNames = country.nativeNames.mapValues { NameColumn(common: $0.common, official: $0.official) }
        translations = country.translations.mapValues { NameColumn(common: $0.common, official: $0.official) }
        region = country.region
        subregion = country.subregion
        capitals = country.capitals
        population = country.population
        area = country.area
        currencies = country.currencies.map { CurrencyColumn(code: $0.code, name: $0.name, symbol: $0.symbol) }
        languages = country.languages.map { LanguageColumn(code: $0.code, name: $0.name) }
        borders = country.borders
        flag = country.flag
        searchText = SearchText.index(of: country)
        sortKey = NameOrder.key(country.name.common)
    }

    /// The country of this row.
    var country: Country {
        Country(
            code: code, alpha2: alpha2, name: Country.Name(common: commonName, official: officialName),
            nativeNames: nativeNames.mapValues { Country.Name(common: $0.common, official: $0.official) },
            translations: translations.mapValues { Country.Name(common: $0.common, official: $0.official) },
            region: region, subregion: subregion, capitals: capitals, population: population, area: area,
            currencies: currencies.map { Currency(code: $0.code, name: $0.name, symbol: $0.symbol) },
            languages: languages.map { Language(code: $0.code, name: $0.name) },
            borders: borders, flag: flag)
    }
}
