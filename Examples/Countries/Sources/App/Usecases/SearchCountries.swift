import CountriesDomain

extension Vessel {
    public var searchCountriesAction: SearchCountriesUsecase { searchCountries }

    func searchCountries(_ text: String) async throws(CountryFizzle) -> [String] {
        try await database.search(text)
    }
}
