import CountriesDomain

extension Vessel {
    public var loadDetailsAction: LoadDetailsUsecase { loadDetails }

    func loadDetails(code: String, source: DetailsSource) async throws(CountryFizzle) -> CountryDetails {
        let code = code.uppercased()
        if source == .cached, let details = detailsInState(code: code) { return details }
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

    /// The details of `code` from the country list in the app state, when it
    /// is loaded and holds the country; neighbours it lacks are left out, as
    /// the database leaves them out.
    private func detailsInState(code: String) -> CountryDetails? {
        guard case .loaded(let countries) = store.state.countries,
              let country = countries.first(where: { $0.code == code }) else { return nil }
        let neighbours = country.borders.compactMap { border in countries.first { $0.code == border } }
        return CountryDetails(country: country, neighbours: neighbours)
    }

    private func fetchAndSave(code: String) async throws(CountryFizzle) -> Country {
        let country = try await web.country(code: code)
        try await database.save([country])
        return country
    }
}
