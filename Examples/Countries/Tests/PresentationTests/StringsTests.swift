import CountriesDomain
import CountriesPresentation
import Keel
import Testing

/// The app's String Catalog: every key in English and Korean, and every
/// message the domain and the screens can show is one of its keys.
@Suite("The app's words", .timeLimit(.minutes(1)))
struct StringsTests {
    @Test("every key has English and Korean text, with the key's arguments")
    func complete() throws {
        let catalog = try CountriesStrings.catalog()
        #expect(catalog.languages == ["en", "ko"])
        let problems = catalog.problems()
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test("every fizzle's message, region and fixed label is in the catalog")
    func messagesAreKeys() throws {
        let keys = try CountriesStrings.catalog().keys
        let fizzles: [any Fizzle] = [
            CountryFizzle.offline, CountryFizzle.timeout, CountryFizzle.serviceUnavailable(status: 503),
            CountryFizzle.unreadableResponse, CountryFizzle.notFound(code: "XYZ"), CountryFizzle.storageFailed,
            CountryFizzle.refreshCancelled, CountryFizzle.newerDatabase, LinkFizzle.unsupported("x"), LinkFizzle.unknownCountry(code: "XYZ"),
        ]
        for fizzle in fizzles {
            #expect(keys.contains(fizzle.message.key), "\(fizzle)")
        }
        for region in ["Africa", "Americas", "Antarctic", "Asia", "Europe", "Oceania", "Other"] {
            #expect(keys.contains(region))
        }
        #expect(keys.contains(Formatting.area(nil).key))
    }

    @Test("a database of a newer version is refused in words that say so, in English and in Korean")
    func newerDatabase() throws {
        let catalog = try CountriesStrings.catalog()
        let message = CountryFizzle.newerDatabase.message
        #expect(catalog.string(message, language: "en").contains("newer version"))
        #expect(catalog.string(message, language: "ko").contains("새로운 버전"))
    }
}
