import CountriesApp
import CountriesDomain
import CountriesWeb
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Live connections: server-sent events from Observation", .timeLimit(.minutes(1)))
struct LiveRouteTests {
    @Test("a live connection starts with the page's current fragment and the scene state")
    func firstEvents() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let credentials = try #require(try await client.openTab().credentials)
            let response = try await client.execute(uri: "/events?tab=\(credentials.tab)&page=list&max=2", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream")
            let stream = String(buffer: response.body)
            #expect(stream.hasPrefix("retry: 2000"))
            #expect(stream.contains("event: fragment\ndata: results\ndata: <datalist id=\"suggestions\"></datalist>\ndata: <div class=\"toolbar\">"))
            #expect(stream.contains("event: scene\ndata: {\"hidden\":false}"))
        }
    }

    @Test("the settings' live form carries the markers of its tab's credentials, which the page's script fills in")
    func settingsCredentials() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let credentials = try #require(try await client.openTab().credentials)
            let response = try await client.execute(uri: "/events?tab=\(credentials.tab)&page=settings&max=1", method: .get)
            let stream = String(buffer: response.body)
            #expect(stream.contains(#"name="tab" value="<keel-tab>""#))
            #expect(stream.contains(#"name="token" value="<keel-token>""#))
            #expect(!stream.contains(credentials.tab) && !stream.contains(credentials.token))
        }
    }

    @Test("a change in the app state reaches the connection of another tab")
    func sharedStateReachesOtherTabs() async throws {
        let raft = try await webRaft()
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let watcher = try #require(try await client.openTab().credentials)
            // The switch flips until the connection has seen a change (it
            // ends after its third event), however late the connection
            // starts: no sleep guesses when it is listening.
            let flipping = Task {
                let deadline = ContinuousClock.now + .seconds(30)
                while !Task.isCancelled, ContinuousClock.now < deadline {
                    raft.applyRegionAction(!raft.appState.read { $0.settings.showsRegion })
                    try? await Task.sleep(for: .milliseconds(2))
                }
            }
            defer { flipping.cancel() }
            let response = try await client.execute(uri: "/events?tab=\(watcher.tab)&page=list&max=3", method: .get)
            flipping.cancel()
            let parts = String(buffer: response.body).components(separatedBy: "event: fragment")
            #expect(parts.count == 3)
            guard parts.count == 3 else { return }
            // One fragment is grouped by region, the other is not.
            #expect(parts[1].contains("<h2>Asia</h2>") != parts[2].contains("<h2>Asia</h2>"))
            #expect(parts[1].contains("<h2>") != parts[2].contains("<h2>"))
            #expect(parts[2].contains("South Korea"))
        }
    }

    @Test("the search field's completions follow its text on the live connection")
    func suggestionsAreLive() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let (page, tab) = try await client.openTab()
            let credentials = try #require(tab)
            // The page holds the list that the live fragment replaces, completions included.
            #expect(page.contains("\">\n<datalist id=\"suggestions\">"))
            // Only the short count is read out when the list changes (keel.js's one live region), not the list.
            #expect(page.contains("<span class=\"count\" data-announce>6 countries</span>"))
            #expect(!page.contains("aria-live"))
            let live: HTTPFields = [HTTPField.Name("X-Keel-Live")!: "1"]
            #expect(try await client.post("/search", credentials.form([("q", "south")]), headers: live).status == .noContent)
            // The completions are worked out after the search; each connection starts with the current fragment,
            // so connections are opened until one shows them (each takes a round trip; bounded by a deadline).
            var fragment = ""
            let deadline = ContinuousClock.now + .seconds(20)
            while !fragment.contains("<option value=\"South Korea\">"), ContinuousClock.now < deadline {
                let response = try await client.execute(uri: "/events?tab=\(credentials.tab)&page=list&max=1", method: .get)
                fragment = String(buffer: response.body)
            }
            #expect(fragment.contains("event: fragment\ndata: results\ndata: <datalist id=\"suggestions\"><option value=\"South Korea\">"))
            #expect(!fragment.contains("<option value=\"Japan\">"))
        }
    }

    @Test("a connection is not sent the fragment its page shows already, on the list and on a country's page")
    func shownFragment() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let (page, tab) = try await client.openTab()
            let credentials = try #require(tab)
            let listID = try #require(page.firstMatch(of: /<section id="results" data-shown="([0-9a-f]+)">/)?.1)
            let details = String(buffer: try await client.execute(uri: "/country/KOR?tab=\(credentials.tab)", method: .get).body)
            let detailsID = try #require(details.firstMatch(of: /<section id="details" data-shown="([0-9a-f]+)">/)?.1)
            #expect(listID != detailsID)
            for (query, id) in [("page=list", listID), ("page=details&code=KOR", detailsID)] {
                // The first event is the scene: the page's part is not sent again.
                let shown = String(buffer: try await client.execute(
                    uri: "/events?tab=\(credentials.tab)&\(query)&max=1&shown=\(id)", method: .get).body)
                #expect(shown.contains("event: scene") && !shown.contains("event: fragment"), "\(query)")
                // Another id (a page of another run of the server, or changed since): the fragment comes first.
                let other = String(buffer: try await client.execute(
                    uri: "/events?tab=\(credentials.tab)&\(query)&max=1&shown=0", method: .get).body)
                #expect(other.contains("id: \(id)\nevent: fragment"), "\(query)")
            }
        }
    }

    @Test("a live connection needs a live tab and a known page")
    func badLiveRequests() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            #expect(try await client.execute(uri: "/events?tab=nope&page=list", method: .get).status == .notFound)
            let credentials = try #require(try await client.openTab().credentials)
            #expect(try await client.execute(uri: "/events?tab=\(credentials.tab)&page=admin", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/events?tab=\(credentials.tab)&page=details&code=1", method: .get).status == .badRequest)
        }
    }
}
