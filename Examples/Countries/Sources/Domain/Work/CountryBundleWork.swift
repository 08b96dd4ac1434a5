/// Reads the offline snapshot of every country shipped with the app.
public protocol CountryBundleWork: Sendable {
    /// Every country in the snapshot.
    func countries() throws(CountryFizzle) -> [Country]
}
