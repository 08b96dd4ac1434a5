/// Keeps the countries on this device, in a database.
///
/// Implemented by a worker over SQLite in the data layer. A corrupt or
/// unreadable database is moved aside and rebuilt by the worker, never a
/// crash; what still fails reaches the caller as ``CountryFizzle/storageFailed``.
public protocol CountryDatabaseWork: Sendable {
    /// Every saved country, by English common name.
    func countries() async throws(CountryFizzle) -> [Country]
    /// The saved countries now and after every change, by English common name
    /// (the source of the country-list query). The sequence fails only with a
    /// ``CountryFizzle``, and ends when the consuming task is cancelled.
    func observeCountries() -> AsyncThrowingStream<[Country], any Error>
    /// The saved country with `code`, if any.
    func country(code: String) async throws(CountryFizzle) -> Country?
    /// The saved countries with `codes`, in the order of `codes`; unknown codes are left out.
    func countries(codes: [String]) async throws(CountryFizzle) -> [Country]
    /// Inserts or replaces `countries` (by code) in one transaction; countries not
    /// in the list are kept.
    func save(_ countries: [Country]) async throws(CountryFizzle)
    /// Makes the saved countries exactly `countries`, in one transaction:
    /// countries not in the list are removed, the others inserted or replaced.
    /// When it fails, nothing has changed.
    func replaceAll(with countries: [Country]) async throws(CountryFizzle)
    /// The codes of the countries whose codes or names (common, official,
    /// native, translated) contain `text`, compared as ``SearchText``, by English common name.
    func search(_ text: String) async throws(CountryFizzle) -> [String]
    /// Whether the database holds no country yet.
    func isEmpty() async throws(CountryFizzle) -> Bool
}
