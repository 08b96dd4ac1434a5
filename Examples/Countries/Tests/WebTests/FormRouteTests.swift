import CountriesApp
import CountriesDomain
import CountriesWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Web forms: POSTs checked against the tab's token; bad input is a 4xx", .timeLimit(.minutes(1)))
struct FormRouteTests {
    @Test("a form with the tab's token is accepted and redirects back")
    func validToken() async throws {
        let raft = try await webRaft()
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let credentials = try #require(try await client.openTab().credentials)
            let response = try await client.post("/settings", credentials.form([("language", "kor")]))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/settings?tab=\(credentials.tab)&saved=1")
            #expect(raft.appState.state.settings.language?.code == "kor")
            #expect(!raft.appState.state.settings.showsRegion)
        }
    }

    @Test("a wrong, missing or foreign token is refused with 403, and nothing changes")
    func badTokens() async throws {
        let raft = try await webRaft()
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let mine = try #require(try await client.openTab().credentials)
            let other = try #require(try await client.openTab().credentials)
            let forged = try await client.post("/settings", ByteBuffer(string: "tab=\(mine.tab)&token=\(other.token)&language=kor"))
            #expect(forged.status == .forbidden)
            let unknownTab = try await client.post("/refresh", ByteBuffer(string: "tab=ffff&token=\(mine.token)"))
            #expect(unknownTab.status == .forbidden)
            let missing = try await client.post("/refresh", ByteBuffer(string: "tab=\(mine.tab)"))
            #expect(missing.status == .badRequest)
            #expect(raft.appState.state.settings.language == nil)
        }
    }

    @Test("malformed, oversize and wrongly typed bodies get a 4xx")
    func badBodies() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let credentials = try #require(try await client.openTab().credentials)
            let malformed = try await client.post("/search", ByteBuffer(string: "tab=\(credentials.tab)&token=\(credentials.token)&q=%zz"))
            #expect(malformed.status == .badRequest)
            let duplicated = try await client.post("/search", ByteBuffer(string: "tab=a&tab=b&token=c&q=d"))
            #expect(duplicated.status == .badRequest)
            let oversize = try await client.post("/search", ByteBuffer(string: "q=" + String(repeating: "a", count: 64 * 1024)))
            #expect(oversize.status == .contentTooLarge)
            let json = try await client.execute(
                uri: "/search", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
            #expect(json.status == .unsupportedMediaType)
            let garbage = try await client.post("/activity", credentials.form([("active", "maybe")]))
            #expect(garbage.status == .badRequest)
            let unknownAction = try await client.post("/country/KOR/explode", credentials.form())
            #expect(unknownAction.status == .notFound)
        }
    }

    @Test("an invalid settings form shows why, with 400, and changes nothing")
    func invalidSettings() async throws {
        let raft = try await webRaft()
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let credentials = try #require(try await client.openTab().credentials)
            let response = try await client.post("/settings", credentials.form([("showsRegion", "on"), ("language", "<klingon>")]))
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains("Choose one of the offered languages."))
            #expect(raft.appState.state.settings == AppState.Settings())
        }
    }

    @Test("script requests get 204; search, scene and details actions reach the view models")
    func scriptRequests() async throws {
        let raft = try await webRaft()
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let credentials = try #require(try await client.openTab().credentials)
            // The tab's scene in the app state (named apart from its id): the only one open.
            #expect(raft.appState.state.routing.count == 1)
            let scene = try #require(raft.appState.state.routing.keys.first)
            let live: HTTPFields = [HTTPField.Name("X-Keel-Live")!: "1"]
            #expect(try await client.post("/search", credentials.form([("q", "japan")]), headers: live).status == .noContent)
            #expect(try await client.post("/activity", credentials.form([("active", "false")])).status == .noContent)
            #expect(raft.appState.state.system.inactiveScenes == [scene])
            #expect(try await client.post("/activity", credentials.form([("active", "true")])).status == .noContent)
            #expect(raft.appState.state.system.inactiveScenes.isEmpty)
            #expect(try await client.post("/country/KOR/flag", credentials.form(), headers: live).status == .noContent)
            #expect(raft.appState.state.routing[scene]?.flagSheet == "KOR")
            let unflag = try await client.post("/country/KOR/unflag", credentials.form())
            #expect(unflag.status == .seeOther)
            #expect(unflag.headers[.location] == "/country/KOR?tab=\(credentials.tab)")
            #expect(raft.appState.state.routing[scene]?.flagSheet == nil)
        }
    }

    @Test("a failing refresh keeps the list and offers a retry")
    func refreshFailure() async throws {
        let raft = try await webRaft(web: FailingWeb())
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let credentials = try #require(try await client.openTab().credentials)
            #expect(try await client.post("/refresh", credentials.form()).status == .seeOther)
            var lists = raft.appState.values { $0.refresh }.makeAsyncIterator()
            while let refresh = await lists.next(), refresh.error == nil {}
            let page = String(buffer: try await client.execute(uri: "/?tab=\(credentials.tab)", method: .get).body)
            // Mustache escapes the apostrophe of "You're" as &#39;.
            #expect(page.contains(CountryFizzle.offline.message.description.replacingOccurrences(of: "'", with: "&#39;")))
            #expect(page.contains("class=\"retry\""))
            #expect(page.contains("6 countries"))
        }
    }

    struct FailingWeb: CountryWebWork {
        func countries() async throws(CountryFizzle) -> [Country] { throw .offline }
        func country(code: String) async throws(CountryFizzle) -> Country { throw .offline }
    }
}
