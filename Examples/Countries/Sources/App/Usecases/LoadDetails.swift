import CountriesDomain

extension Deck {
    /// Action: loads the details of the country with `code`.
    ///
    /// ``DetailsSource/cached`` reads the database and asks the web only for
    /// a country it lacks; ``DetailsSource/live`` asks the web first and falls
    /// back to the database when the web fails. What the web returns is saved.
    func loadDetails(code: String, source: DetailsSource) async throws(CountryFizzle) -> CountryDetails {
        let code = code.uppercased()
        let country: Country
        switch source {
        case .cached:
            if let saved = try await database.country(code: code) {
                country = saved
            } else {
                country = try await fetchAndSave(code: code)
            }
        case .live:
            do {
                country = try await fetchAndSave(code: code)
            } catch {
                guard let saved = try await database.country(code: code) else { throw error }
                country = saved
            }
        }
        let neighbours = try await database.countries(codes: country.borders)
        return CountryDetails(country: country, neighbours: neighbours)
    }

    private func fetchAndSave(code: String) async throws(CountryFizzle) -> Country {
        let country = try await web.country(code: code)
        try await database.save([country])
        return country
    }
}
