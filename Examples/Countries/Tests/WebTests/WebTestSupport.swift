import CountriesApp
import CountriesDomain
import CountriesTesting
import CountriesWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelTesting
import KeelWeb
import KeelWebTesting

/// A raft holding `countries`, with its list loaded in the app state. The
/// web application keeps the list following the database while it runs.
func webRaft(countries: [Country] = Country.samples, web: (any CountryWebWork)? = nil) async throws -> Vessel {
    let raft = try await Vessel.raft(countries: countries, web: web, logbook: MemoryLogbook())
    let following = Task { await raft.followCountriesQuery() }
    for await list in raft.appState.values({ $0.countries }) where list.value?.count == countries.count { break }
    following.cancel()
    await following.value
    return raft
}

/// The web application over `raft`, for the router test client.
func webApplication(_ raft: Vessel, options: WebOptions = WebOptions(port: 0, logLevel: .critical)) async throws -> some ApplicationProtocol {
    try await buildWebApplication(service: raft, options: options)
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
