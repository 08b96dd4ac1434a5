/// Reads countries from a web service (the restcountries v3.1 API).
///
/// Implemented by a worker in the data layer. Every failure reaches the
/// caller as a ``CountryFizzle``; developer errors are logged by the worker.
public protocol CountryWebWork: Sendable {
    /// Every country the service knows.
    func countries() async throws(CountryFizzle) -> [Country]
    /// The country with the alpha-3 `code`; ``CountryFizzle/notFound(code:)`` when there is none.
    func country(code: String) async throws(CountryFizzle) -> Country
}
