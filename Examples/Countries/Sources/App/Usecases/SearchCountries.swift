import CountriesDomain

extension Vessel {
    public var searchCountriesAction: SearchCountriesUsecase { searchCountries }

    /// Action: searches the saved countries by code and by every name they
    /// have; returns the codes of the matches.
    ///
    /// The results belong to the screen that searched (each browser tab has
    /// its own search), so they are returned rather than written to the app state.
    func searchCountries(_ text: String) async throws(CountryFizzle) -> [String] {
        try await database.search(text)
    }
}
