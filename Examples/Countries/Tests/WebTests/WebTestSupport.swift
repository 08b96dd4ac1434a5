import CountriesApp
import CountriesDomain
import CountriesWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelTesting
import KeelWeb
import KeelWebTesting

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
