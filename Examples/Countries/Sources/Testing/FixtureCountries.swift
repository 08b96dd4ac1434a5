import CountriesDomain

/// A stand-in for the web service and the snapshot that serves the countries
/// it was given, at once.
public struct FixtureCountries: CountryWebWork, CountryBundleWork {
    /// The countries it serves.
    public let all: [Country]

    /// Creates a stand-in serving `countries`.
    public init(_ countries: [Country]) {
        all = countries
    }

    /// Every country it was given (one synchronous method serves both protocols).
    public func countries() throws(CountryFizzle) -> [Country] {
        all
    }

    /// The country with `code`, or ``CountryFizzle/notFound(code:)``.
    public func country(code: String) async throws(CountryFizzle) -> Country {
        guard let country = all.first(where: { $0.code == code.uppercased() }) else {
            throw .notFound(code: code.uppercased())
        }
        return country
    }
}
