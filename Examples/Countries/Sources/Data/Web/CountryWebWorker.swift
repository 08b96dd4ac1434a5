import CountriesDomain
import Foundation
import Keel
import KeelWebClient

/// Reads countries from the restcountries v3.1 API.
///
/// The worker turns every failure of its gear, a ``WebClient``, into a
/// ``CountryFizzle`` for the screens and logs the precise ``WebError`` to
/// its logbook for developers. Countries that do not decode are left out and
/// logged; a response from which no country decodes is
/// ``CountryFizzle/unreadableResponse``.
///
/// ```swift
/// let web = CountryWebWorker(baseURL: CountryWebWorker.restCountries, logbook: ConsoleLogbook())
/// let countries = try await web.countries()
/// ```
public struct CountryWebWorker: CountryWebWork {
    /// The base URL of the public restcountries v3.1 API.
    public static let restCountries = URL(string: "https://restcountries.com/v3.1")!

    private let client: WebClient
    private let logbook: any Logbook

    /// Creates a worker for the API at `baseURL`.
    ///
    /// - Parameters:
    ///   - baseURL: The API's base URL, such as ``restCountries``.
    ///   - transport: What sends the requests: `URLSession` by default; a
    ///     server on Linux passes KeelWeb's `AsyncHTTPClientTransport`, tests an `HTTPMock`.
    ///   - timeout: How long one request may take.
    ///   - logbook: Where developer errors go.
    public init(
        baseURL: URL, transport: any HTTPTransport = URLSessionTransport(), timeout: Duration = .seconds(15),
        logbook: any Logbook
    ) {
        client = WebClient(baseURL: baseURL, transport: transport, timeout: timeout)
        self.logbook = logbook
    }

    /// Every country the API knows, read in two requests merged by code.
    public func countries() async throws(CountryFizzle) -> [Country] {
        let list = try await fetch(CountryAPI.all, as: LenientArray<CountryDTO>.self)
        let extras = try await fetch(CountryAPI.allExtras, as: LenientArray<CountryExtrasDTO>.self)
        for failure in list.failures + extras.failures {
            logbook.record(CountryWebWorkerError.skippedCountry(failure), context: "Reading /all")
        }
        guard !list.elements.isEmpty else {
            logbook.record(CountryWebWorkerError.emptyList, context: "Reading /all")
            throw .unreadableResponse
        }
        let extrasByCode = Dictionary(extras.elements.map { ($0.cca3.uppercased(), $0) }, uniquingKeysWith: { first, _ in first })
        return list.elements.map { dto in
            var dto = dto
            if let extra = extrasByCode[dto.cca3.uppercased()] {
                dto.currencies = extra.currencies
                dto.languages = extra.languages
                dto.borders = extra.borders
            }
            return dto.country()
        }
    }

    /// The country with the alpha-3 (or alpha-2) `code`.
    ///
    /// - Throws: ``CountryFizzle/notFound(code:)`` for a code the API does not
    ///   know (HTTP 404 or 400) or that is not two or three letters.
    public func country(code: String) async throws(CountryFizzle) -> Country {
        let code = code.uppercased()
        guard (2...3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw .notFound(code: code)
        }
        let countries: LenientArray<CountryDTO>
        do throws(CountryFizzle) {
            countries = try await fetch(CountryAPI.alpha(code), as: OneOrMany<CountryDTO>.self).array
        } catch .serviceUnavailable(let status) where status == 404 || status == 400 {
            throw .notFound(code: code)
        }
        let match = countries.elements.first { $0.cca3.uppercased() == code || $0.cca2.uppercased() == code }
        guard let match else {
            logbook.record(CountryWebWorkerError.missingCountry(code, countries.failures), context: "Reading /alpha/\(code)")
            throw countries.failures.isEmpty ? .notFound(code: code) : .unreadableResponse
        }
        return match.country()
    }

    private func fetch<Response: Decodable>(_ call: APICall, as type: Response.Type) async throws(CountryFizzle) -> Response {
        do {
            return try await client.call(call, as: Response.self)
        } catch {
            if error != .cancelled {
                logbook.record(error, context: "\(call.method) \(call.path)")
            }
            throw CountryFizzle(error)
        }
    }
}

extension CountryFizzle {
    /// The user-facing meaning of a web failure.
    init(_ error: WebError) {
        switch error {
        case .offline, .cancelled:
            self = .offline
        case .timeout:
            self = .timeout
        case .status(let code, _):
            self = .serviceUnavailable(status: code)
        case .undecodable, .invalidRequest, .transport:
            self = .unreadableResponse
        }
    }
}

/// The developer errors the web worker logs.
enum CountryWebWorkerError: Error, CustomStringConvertible {
    /// One country of a response did not decode and was left out.
    case skippedCountry(String)
    /// `/all` answered an empty list.
    case emptyList
    /// `/alpha/{code}` answered without the country asked for.
    case missingCountry(String, [String])

    var description: String {
        switch self {
        case .skippedCountry(let reason): "a country was left out: \(reason)"
        case .emptyList: "the service answered an empty country list"
        case .missingCountry(let code, let failures): "the answer holds no country \(code) (\(failures.count) undecodable)"
        }
    }
}

/// A JSON value that is either an array of elements or a single element (the
/// API answers `/alpha/{code}` with an array of one).
struct OneOrMany<Element: Decodable & Sendable>: Decodable, Sendable {
    var array: LenientArray<Element>

    init(from decoder: any Decoder) throws {
        if let array = try? LenientArray<Element>(from: decoder) {
            self.array = array
        } else {
            array = LenientArray(elements: [try Element(from: decoder)])
        }
    }
}
