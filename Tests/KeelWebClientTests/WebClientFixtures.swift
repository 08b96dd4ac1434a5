import Foundation
import Keel
import KeelWebClient
import KeelTesting

/// Shared values of the web client tests.
enum WebClientFixture {
    /// The base URL of every client under test.
    static let baseURL = URL(string: "https://api.test/v1")!

    /// The absolute URL of `path` under ``baseURL``.
    static func url(_ path: String) -> String {
        "https://api.test/v1/\(path)"
    }

    /// A client sending through `mock`.
    static func client(_ mock: HTTPMock, timeout: Duration = .seconds(30)) -> WebClient {
        WebClient(baseURL: baseURL, transport: mock, timeout: timeout)
    }

    /// A small DTO, as a worker would decode it.
    struct Country: Codable, Equatable, Sendable {
        var name: String
        var population: Int
    }

    static let france = Country(name: "France", population: 68_000_000)
    static let peru = Country(name: "Peru", population: 34_000_000)
}
