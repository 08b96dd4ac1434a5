import CountriesApp
import CountriesDomain
import CountriesTesting
import CountriesWeb
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelTesting
import KeelWebTesting
import Testing

@Suite("Web pages: rendered from the view models, escaped, with the right status", .timeLimit(.minutes(1)))
struct PageRouteTests {
    @Test("the list shows every country, grouped by region, with safe headers")
    func list() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            let page = String(buffer: response.body)
            #expect(page.contains("6 countries"))
            #expect(page.contains("<h2>Asia</h2>"))
            #expect(page.contains("South Korea"))
            #expect(TabCredentials(page: page) != nil)
        }
    }

    @Test("a search shows its matches and the count; nothing matching says so")
    func search() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let found = String(buffer: try await client.execute(uri: "/?q=%ED%95%9C%EA%B5%AD", method: .get).body)
            #expect(found.contains("1 country"))
            #expect(found.contains("South Korea"))
            #expect(!found.contains("Japan"))
            let none = String(buffer: try await client.execute(uri: "/?q=atlantis+lost", method: .get).body)
            #expect(none.contains("No country matches “atlantis lost”."))
        }
    }

    @Test("a malformed query is a 400 page, not a 500; a file name cut by a NUL opens no file")
    func malformedAddresses() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            for uri in ["/?tab=%G1", "/?tab=a&tab=b", "/?q=%", "/open?url=%G1"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
                #expect(String(buffer: response.body).contains("The address could not be read."), "\(uri)")
            }
            let cut = try await client.execute(uri: "/static/app.css%00.js", method: .get)
            #expect(cut.status == .badRequest)
            #expect(cut.headers[.contentType]?.contains("javascript") == false)
        }
    }

    @Test("everything a user types is escaped: a script in a search shows as text")
    func escaping() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E", method: .get)
            let page = String(buffer: response.body)
            #expect(page.contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;") || page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!page.contains("<script>alert(1)"))
        }
    }

    @Test("the details page shows the facts, the neighbours and the region")
    func details() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/country/kor", method: .get)
            #expect(response.status == .ok)
            let page = String(buffer: response.body)
            #expect(page.contains("Republic of Korea"))
            #expect(page.contains("Seoul"))
            #expect(page.contains("51,780,579"))
            #expect(page.contains("South Korean won (₩)"))
            #expect(page.contains("Asia · Eastern Asia"))
            #expect(page.contains("/country/PRK?tab="))
        }
    }

    @Test("a details load that failed for a reason that may pass is a 503 page offering Retry")
    func retryableFailure() async throws {
        let app = try await webApplication(try await webRaft(web: OfflineWeb()))
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/country/ITA", method: .get)
            #expect(response.status == .serviceUnavailable)
            let page = String(buffer: response.body)
            #expect(page.contains("offline. The countries saved on this device are shown."))
            #expect(page.contains(#"class="retry">Retry</button>"#))
        }
    }

    @Test("every page has one h1, in English and in Korean")
    func oneHeading() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let tab = try #require(try await client.openTab().credentials)
            for language in ["en", "ko"] {
                for uri in ["/?tab=\(tab.tab)", "/country/KOR?tab=\(tab.tab)", "/settings?tab=\(tab.tab)", "/country/XYZ", "/nowhere"] {
                    let page = String(buffer: try await client.execute(uri: uri, method: .get, headers: [.acceptLanguage: language]).body)
                    #expect(page.components(separatedBy: "<h1").count == 2, "\(uri) in \(language)")
                }
            }
        }
    }

    @Test("unknown countries, codes and routes are 404 pages")
    func notFound() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let unknown = try await client.execute(uri: "/country/XYZ", method: .get)
            #expect(unknown.status == .notFound)
            #expect(String(buffer: unknown.body).contains("There is no country with the code XYZ."))
            #expect(!String(buffer: unknown.body).contains("Retry"), "loading again cannot find it")
            #expect(try await client.execute(uri: "/country/KOREA", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/country/%3Cb%3E", method: .get).status == .notFound)
            let missing = try await client.execute(uri: "/no/such/page", method: .get)
            #expect(missing.status == .notFound)
            #expect(String(buffer: missing.body).contains("There is no page here."))
            #expect(try await client.execute(uri: "/", method: .delete).status == .notFound)
        }
    }

    @Test("deep links open the details; bad ones show the user-facing message")
    func deepLinks() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let opened = try await client.execute(uri: "/open?url=keel-countries%3A%2F%2Fcountry%2FJPN", method: .get)
            #expect(opened.status == .seeOther)
            #expect(opened.headers[.location]?.hasPrefix("/country/JPN?tab=") == true)
            let alpha = try await client.execute(uri: "/open?url=https%3A%2F%2Fexample.com%2F%3Falpha3code%3Dfra", method: .get)
            #expect(alpha.headers[.location]?.hasPrefix("/country/FRA?tab=") == true)
            let unknown = try await client.execute(uri: "/open?url=keel-countries%3A%2F%2Fcountry%2FZZZ", method: .get)
            #expect(unknown.status == .badRequest)
            #expect(String(buffer: unknown.body).contains("ZZZ, which is not a country Countries knows"))
            let malformed = try await client.execute(uri: "/open?url=%3Cscript%3E", method: .get)
            #expect(malformed.status == .badRequest)
            #expect(String(buffer: malformed.body).contains("This link can&#39;t be opened in Countries.")
                || String(buffer: malformed.body).contains("This link can&#x27;t be opened in Countries."))
            #expect(try await client.execute(uri: "/open", method: .get).status == .badRequest)
        }
    }

    @Test("settings show the current values")
    func settings() async throws {
        let raft = try await webRaft()
        raft.applyRegionAction(false)
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/settings", method: .get).body)
            #expect(page.contains(#"name="showsRegion" value="on">"#))
            // A template names the tab's credentials by markers only, and every one is filled in.
            #expect(!page.contains("keel-tab>") && !page.contains("keel-token>"))
            #expect(page.contains(#"<input type="hidden" name="tab" value=""#) && !page.contains(#"name="tab" value="""#))
            #expect(page.contains(#"<option value="" selected>The app&#39;s language (English)</option>"#))
            #expect(page.contains(#"<option value="eng">English</option>"#))
            #expect(page.contains("South Korea is shown as South Korea."))
        }
    }

    @Test("the settings preview names the country it shows, South Korea or another")
    func settingsPreviewNamesItsCountry() async throws {
        let raft = try await webRaft(countries: [.japan, .france])
        raft.applyLanguageAction(NameLanguage.named("deu"))
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/settings", method: .get).body)
            #expect(page.contains("France is shown as Frankreich."))
            #expect(!page.contains("South Korea"))
        }
    }

    @Test("a + typed in a search arrives as a +; a + in the query is a space, as forms send it")
    func plusSigns() async throws {
        let raft = try await webRaft()
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/?q=c%2B%2B+x", method: .get).body)
            #expect(page.contains(#"value="c++ x""#))
            let credentials = try #require(TabCredentials(page: page))
            let posted = try await client.post("/search", credentials.form([("q", "a+b")]))
            #expect(posted.status == .seeOther)
            let after = String(buffer: try await client.execute(uri: "/?tab=\(credentials.tab)", method: .get).body)
            #expect(after.contains(#"value="a+b""#))
        }
    }

    @Test("static files are served, and cannot escape their folder")
    func staticFiles() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            func status(_ uri: String) async throws -> HTTPResponse.Status {
                try await client.execute(uri: uri, method: .get).status
            }
            #expect(try await status("/static/app.css") == .ok)
            #expect(try await status("/static/app.js") == .ok)
            #expect(try await status("/keel/keel.css") == .ok, "KeelWeb's shared stylesheet")
            #expect(try await status("/static/../Templates/layout.mustache").code >= 400)
            #expect(try await status("/static/%2e%2e/Templates/layout.mustache").code >= 400)
            #expect(try await status("/static/nothing.js") == .notFound)
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(String(buffer: health.body) == "ok")
        }
    }
}

/// A country service that cannot be reached.
private struct OfflineWeb: CountryWebWork {
    func countries() async throws(CountryFizzle) -> [Country] { throw .offline }
    func country(code: String) async throws(CountryFizzle) -> Country { throw .offline }
}
