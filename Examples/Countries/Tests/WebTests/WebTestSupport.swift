import CountriesApp
import CountriesDomain
import CountriesWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelTesting
import KeelWeb

/// A raft holding the sample countries, with the list query running.
func webRaft(web: (any CountryWebWork)? = nil) async throws -> Raft {
    let raft = try await Raft(countries: Country.samples, web: web, logbook: MemoryLogbook())
    raft.startFollowingCountries()
    var lists = raft.appState.values { $0.countries }.makeAsyncIterator()
    while let list = await lists.next(), list.value?.count != Country.samples.count {}
    return raft
}

/// The web application over `raft`, for the router test client.
func webApplication(_ raft: Raft, options: WebOptions = WebOptions(port: 0, logLevel: .critical)) async throws -> some ApplicationProtocol {
    try await buildWebApplication(service: raft, options: options)
}

/// The tab id and token a page carries.
struct TabCredentials {
    let tab: String
    let token: String

    init?(page: String) {
        guard let tab = Self.attribute("data-tab", in: page), let token = Self.attribute("data-token", in: page) else { return nil }
        self.tab = tab
        self.token = token
    }

    private static func attribute(_ name: String, in page: String) -> String? {
        guard let start = page.range(of: "\(name)=\"") else { return nil }
        let rest = page[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    /// A form body with the tab, the token and `fields`.
    func form(_ fields: [(String, String)] = []) -> ByteBuffer {
        let pairs = [("tab", tab), ("token", token)] + fields
        let body = pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
        return ByteBuffer(string: body)
    }
}

extension TestClientProtocol {
    /// Posts a URL-encoded form.
    func post(_ uri: String, _ body: ByteBuffer, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        headers.append(contentsOf: extra)
        return try await execute(uri: uri, method: .post, headers: headers, body: body)
    }

    /// Loads the list page and returns its body and the tab's credentials.
    func openTab() async throws -> (page: String, credentials: TabCredentials?) {
        let response = try await execute(uri: "/", method: .get)
        let page = String(buffer: response.body)
        return (page, TabCredentials(page: page))
    }
}
