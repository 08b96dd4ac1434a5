import CountriesDomain

/// The snapshot shipped with the app, standing in for the web service in the
/// offline phases: refreshing reads the snapshot again.
struct SnapshotWebWorker: CountryWebWork {
    let bundle: any CountryBundleWork

    func countries() async throws(CountryFizzle) -> [Country] {
        try bundle.countries()
    }

    func country(code: String) async throws(CountryFizzle) -> Country {
        let code = code.uppercased()
        guard let country = try bundle.countries().first(where: { $0.code == code }) else {
            throw .notFound(code: code)
        }
        return country
    }
}
