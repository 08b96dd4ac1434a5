import CountriesDomain
import Foundation
import Keel

/// Reads the offline snapshot of every country shipped with the app
/// (`Resources/countries.json`, in the API's shape, read by the API's decoder).
///
/// The snapshot is decoded once per worker and kept. In the offline phases
/// it also stands in for the web service: refreshing reads the snapshot again.
public struct CountryBundleWorker: CountryBundleWork, CountryWebWork {
    private let file: URL?
    private let logbook: any Logbook
    private let cache = Locked<[Country]?>(nil)

    /// Creates a worker reading the snapshot shipped in this module's bundle.
    public init(logbook: any Logbook) {
        self.init(file: Bundle.module.url(forResource: "countries", withExtension: "json"), logbook: logbook)
    }

    /// Creates a worker reading the snapshot in `file` (`nil`: a missing file).
    public init(file: URL?, logbook: any Logbook) {
        self.file = file
        self.logbook = logbook
    }

    /// Every country in the snapshot.
    ///
    /// - Throws: ``CountryFizzle/storageFailed`` when the snapshot is missing or
    ///   does not decode (a broken build: the cause is logged).
    public func countries() throws(CountryFizzle) -> [Country] {
        if let countries = cache.withLock({ $0 }) { return countries }
        let countries = try Self.decode(file: file, logbook: logbook)
        cache.withLock { $0 = countries }
        return countries
    }

    /// The country with the alpha-3 `code` in the snapshot.
    ///
    /// - Throws: ``CountryFizzle/notFound(code:)`` when the snapshot has none.
    public func country(code: String) async throws(CountryFizzle) -> Country {
        let code = code.uppercased()
        guard let country = try countries().first(where: { $0.code == code }) else { throw .notFound(code: code) }
        return country
    }

    /// Decodes the snapshot in `file`.
    static func decode(file: URL?, logbook: any Logbook) throws(CountryFizzle) -> [Country] {
        do {
            guard let file else { throw CocoaError(.fileNoSuchFile) }
            let data = try Data(contentsOf: file)
            let decoded = try JSONDecoder().decode(LenientArray<CountryDTO>.self, from: data)
            for failure in decoded.failures {
                logbook.record(CountryWebWorkerError.skippedCountry(failure), context: "Reading the snapshot")
            }
            return decoded.elements.map { $0.country() }
        } catch {
            logbook.record(error, context: "Reading the snapshot \(file?.path ?? "(missing)")")
            throw .storageFailed
        }
    }
}
