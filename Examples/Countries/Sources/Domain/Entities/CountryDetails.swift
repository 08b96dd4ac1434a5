/// Everything the details screen shows about one country.
public struct CountryDetails: Equatable, Sendable {
    /// The country.
    public var country: Country
    /// The neighbours sharing a land border, resolved to countries, in the
    /// order of `country.borders`; codes the app does not know are left out.
    public var neighbours: [Country]

    /// Creates details.
    public init(country: Country, neighbours: [Country]) {
        self.country = country
        self.neighbours = neighbours
    }
}

/// Where to load a country's details from.
public enum DetailsSource: Sendable, Equatable {
    /// What the device holds (the loaded country list, else the database), then the live API.
    case cached
    /// The live API first (a pull to refresh), then the database when the API fails.
    case live
}
