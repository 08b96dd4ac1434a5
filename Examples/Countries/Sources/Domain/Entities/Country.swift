/// A country or territory, as the app knows it.
///
/// A plain value: workers map their own records (API responses, database
/// rows) to it, and nothing above the data layer sees those records.
public struct Country: Equatable, Hashable, Sendable, Identifiable {
    /// The ISO 3166-1 alpha-3 code, which identifies the country ("KOR").
    public var code: String
    /// The ISO 3166-1 alpha-2 code ("KR").
    public var alpha2: String
    /// The English names.
    public var name: Name
    /// The names in the country's own languages, by ISO 639-3 language code.
    public var nativeNames: [String: Name]
    /// The names in other languages, by ISO 639-3 language code ("kor", "deu").
    public var translations: [String: Name]
    /// The continent-level region ("Asia"); empty when unknown.
    public var region: String
    /// The UN sub-region ("Eastern Asia"), if any.
    public var subregion: String?
    /// The capitals: none, one, or several.
    public var capitals: [String]
    /// The population.
    public var population: Int
    /// The area in square kilometres, if known.
    public var area: Double?
    /// The currencies in use.
    public var currencies: [Currency]
    /// The official languages.
    public var languages: [Language]
    /// The alpha-3 codes of the countries sharing a land border.
    public var borders: [String]
    /// The flag as an emoji ("🇰🇷").
    public var flag: String

    /// The country's identity: its alpha-3 code.
    public var id: String { code }

    /// Creates a country.
    public init(
        code: String, alpha2: String, name: Name, nativeNames: [String: Name] = [:],
        translations: [String: Name] = [:], region: String, subregion: String? = nil,
        capitals: [String] = [], population: Int = 0, area: Double? = nil,
        currencies: [Currency] = [], languages: [Language] = [], borders: [String] = [], flag: String
    ) {
        self.code = code
        self.alpha2 = alpha2
        self.name = name
        self.nativeNames = nativeNames
        self.translations = translations
        self.region = region
        self.subregion = subregion
        self.capitals = capitals
        self.population = population
        self.area = area
        self.currencies = currencies
        self.languages = languages
        self.borders = borders
        self.flag = flag
    }

    /// A common and an official name.
    public struct Name: Equatable, Hashable, Sendable {
        /// The name in everyday use ("South Korea").
        public var common: String
        /// The formal name ("Republic of Korea").
        public var official: String

        /// Creates a name.
        public init(common: String, official: String) {
            self.common = common
            self.official = official
        }
    }

    /// The country's names in `language` (an ISO 639-3 code), falling back
    /// to English when there is no translation.
    public func name(in language: NameLanguage) -> Name {
        guard language != .english else { return name }
        return translations[language.code] ?? nativeNames[language.code] ?? name
    }
}

/// A currency in use in a country.
public struct Currency: Equatable, Hashable, Sendable {
    /// The ISO 4217 code ("KRW").
    public var code: String
    /// The English name ("South Korean won").
    public var name: String
    /// The symbol ("₩"), if known.
    public var symbol: String?

    /// Creates a currency.
    public init(code: String, name: String, symbol: String? = nil) {
        self.code = code
        self.name = name
        self.symbol = symbol
    }
}

/// An official language of a country.
public struct Language: Equatable, Hashable, Sendable {
    /// The ISO 639-3 code ("kor").
    public var code: String
    /// The English name ("Korean").
    public var name: String

    /// Creates a language.
    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}
