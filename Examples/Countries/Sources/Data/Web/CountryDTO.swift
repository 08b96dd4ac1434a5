import CountriesDomain

/// A country as the restcountries v3.1 API spells it (and as the bundled
/// snapshot spells it too, so that one decoder serves both).
///
/// Only `name`, `cca2` and `cca3` are required: the real API leaves out
/// capitals, currencies, borders, translations and more for some countries.
/// The data layer maps a DTO to a ``Country`` with ``country()``; nothing above
/// this layer sees a DTO.
struct CountryDTO: Decodable, Sendable {
    var name: NameDTO
    var cca2: String
    var cca3: String
    var capital: [String]?
    var region: String?
    var subregion: String?
    var population: Int?
    var area: Double?
    var currencies: [String: CurrencyDTO]?
    var languages: [String: String]?
    var borders: [String]?
    var flag: String?
    var translations: [String: PlainNameDTO]?

    /// The English names, with the native names by ISO 639-3 code.
    struct NameDTO: Decodable, Sendable {
        var common: String
        var official: String
        var nativeName: [String: PlainNameDTO]?
    }

    /// A common and an official name in one language.
    struct PlainNameDTO: Decodable, Sendable {
        var common: String
        var official: String
    }

    /// A currency; the API leaves out the symbol (and rarely the name) of some.
    struct CurrencyDTO: Decodable, Sendable {
        var name: String?
        var symbol: String?
    }

    /// The country this DTO describes. Currencies and languages come in code
    /// order; a missing flag is built from the alpha-2 code.
    func country() -> Country {
        Country(
            code: cca3.uppercased(),
            alpha2: cca2.uppercased(),
            name: Country.Name(common: name.common, official: name.official),
            nativeNames: (name.nativeName ?? [:]).mapValues(\.name),
            translations: (translations ?? [:]).mapValues(\.name),
            region: region ?? "",
            subregion: subregion.flatMap { $0.isEmpty ? nil : $0 },
            capitals: (capital ?? []).filter { !$0.isEmpty },
            population: max(population ?? 0, 0),
            area: area.flatMap { $0 >= 0 ? $0 : nil },
            currencies: (currencies ?? [:]).sorted { $0.key < $1.key }.map { code, currency in
                Currency(code: code, name: currency.name ?? code, symbol: currency.symbol)
            },
            languages: (languages ?? [:]).sorted { $0.key < $1.key }.map { Language(code: $0.key, name: $0.value) },
            borders: (borders ?? []).map { $0.uppercased() },
            flag: flag ?? Self.flag(alpha2: cca2))
    }

    /// The flag emoji spelled by the regional-indicator letters of `alpha2`.
    static func flag(alpha2: String) -> String {
        let base: UInt32 = 0x1F1E6 - 0x41  // REGIONAL INDICATOR SYMBOL LETTER A - "A"
        var flag = ""
        for scalar in alpha2.uppercased().unicodeScalars where ("A"..."Z").contains(scalar) {
            if let indicator = Unicode.Scalar(base + scalar.value) {
                flag.unicodeScalars.append(indicator)
            }
        }
        return flag
    }
}

extension CountryDTO.PlainNameDTO {
    var name: Country.Name { Country.Name(common: common, official: official) }
}

/// The fields of a country the API serves in a second `/all` request: the API
/// answers at most ten fields per request.
struct CountryExtrasDTO: Decodable, Sendable {
    var cca3: String
    var currencies: [String: CountryDTO.CurrencyDTO]?
    var languages: [String: String]?
    var borders: [String]?
}

/// Decodes a JSON array element by element, keeping the elements that decode
/// and the description of each failure; the array itself must be well formed.
struct LenientArray<Element: Decodable & Sendable>: Decodable, Sendable {
    var elements: [Element] = []
    var failures: [String] = []

    init(elements: [Element], failures: [String] = []) {
        self.elements = elements
        self.failures = failures
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                elements.append(try container.decode(Element.self))
            } catch {
                failures.append("element \(index): \(error)")
                // Step over the element that failed, so that the next one is read.
                _ = try container.decode(Skipped.self)
                guard container.currentIndex > index else { break }
            }
        }
    }

    /// Decodes any value without reading it.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) {}
    }
}
