import CountriesApp
import CountriesDomain
import CountriesPresentation
import CountriesTesting
import CountriesWeb
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelTesting
import KeelWeb
import KeelWebTesting
import Testing

/// The interface language: the browser's (Accept-Language) unless the tab
/// chose one in its settings; the language of country names is another setting.
@Suite("Web pages in the tab's language", .timeLimit(.minutes(1)))
struct LanguageTests {
    static let korean: HTTPFields = [.acceptLanguage: "ko-KR,ko;q=0.9,en;q=0.8"]
    static let english: HTTPFields = [.acceptLanguage: "en-US,en;q=0.9"]

    @Test("a Korean browser gets the list in Korean: words, counts, regions, messages")
    func koreanBrowser() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/", method: .get, headers: Self.korean).body)
            #expect(page.contains(#"<html lang="ko">"#))
            #expect(page.contains("나라 6개"))
            #expect(page.contains("<h2>아시아</h2>"))
            #expect(page.contains(">검색</button>"))
            #expect(!page.contains(">Search</button>"))
            // Country names follow the page's language until the settings choose one.
            #expect(page.contains(">한국<") && !page.contains("South Korea"))
            let none = String(buffer: try await client.execute(uri: "/?q=atlantis", method: .get, headers: Self.korean).body)
            #expect(none.contains("“atlantis”에 맞는 나라가 없습니다."))
            let details = String(buffer: try await client.execute(uri: "/country/KOR", method: .get, headers: Self.korean).body)
            #expect(details.contains("<dt>수도</dt>"))
            #expect(details.contains("아시아 · 동아시아"), "the sub-region in Korean too")
            #expect(details.contains(#"<dd class="currencies">대한민국 원 (₩)</dd>"#), "currencies from the platform's locale data")
            #expect(details.contains(#"<dd class="languages">한국어</dd>"#), "languages too")
            #expect(page.contains("동아시아"), "the rows' sub-regions in Korean")
            #expect(details.contains(#"<span class="name">한국</span>"#), "the details' name too")
            // The same vault read in English, in another browser, names them in English.
            let inEnglish = String(buffer: try await client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "en"]).body)
            #expect(inEnglish.contains("South Korea") && !inEnglish.contains(">한국<"))
            let missing = try await client.execute(uri: "/country/XYZ", method: .get, headers: Self.korean)
            #expect(missing.status == .notFound)
            #expect(String(buffer: missing.body).contains("코드가 XYZ인 나라가 없습니다."))
            // KeelWeb's own error pages too.
            let nowhere = try await client.execute(uri: "/nowhere", method: .get, headers: Self.korean)
            #expect(nowhere.status == .notFound)
            let error = String(buffer: nowhere.body)
            #expect(error.contains(#"<html lang="ko">"#) && error.contains("찾을 수 없음") && error.contains("여기에는 페이지가 없습니다."), "\(error)")
            let english = String(buffer: try await client.execute(uri: "/nowhere", method: .get, headers: Self.english).body)
            #expect(english.contains(#"<html lang="en">"#) && english.contains("There is no page here."), "\(english)")
        }
    }

    @Test("the catalog holds the words KeelWeb puts on error pages")
    func errorPageWords() throws {
        let keys = try CountriesStrings.catalog().keys
        let missing = MessagePage.catalogKeys.filter { !keys.contains($0) }
        #expect(missing.isEmpty, "not in the catalog: \(missing)")
    }

    @Test("an English, a foreign or no Accept-Language gets English")
    func otherBrowsers() async throws {
        let app = try await webApplication(try await webRaft())
        try await app.test(.router) { client in
            for headers: HTTPFields in [Self.english, [.acceptLanguage: "fr-FR,de;q=0.5"], [:], [.acceptLanguage: "*;q=0, ko;q=0"]] {
                let page = String(buffer: try await client.execute(uri: "/", method: .get, headers: headers).body)
                #expect(page.contains(#"<html lang="en">"#), "\(headers)")
                #expect(page.contains("6 countries"), "\(headers)")
            }
        }
    }

    @Test("the interface language chosen in one tab is the browser's: its other tabs and new ones speak it, until it says otherwise")
    func chosenLanguage() async throws {
        let raft = try await webRaft()
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let credentials = try #require(try await client.openTab().credentials)
            let other = try #require(try await client.openTab().credentials)
            let saved = try await client.post("/settings", credentials.form([("language", "eng"), ("interface", "ko")]), headers: Self.english)
            #expect(saved.status == .seeOther)
            let setCookie = try #require(saved.headers[.setCookie])
            #expect(setCookie.hasPrefix("keel-language=ko;") && setCookie.contains("Max-Age=31536000") && setCookie.contains("SameSite=Lax"))
            var chosen = Self.english
            chosen[.cookie] = "keel-language=ko"
            for uri in ["/?tab=\(credentials.tab)", "/?tab=\(other.tab)", "/"] {
                let page = String(buffer: try await client.execute(uri: uri, method: .get, headers: chosen).body)
                #expect(page.contains("나라 6개"), "\(uri)")
                #expect(page.contains("South Korea"), "names stay in their own language")
            }
            let settings = String(buffer: try await client.execute(uri: "/settings?tab=\(credentials.tab)", method: .get, headers: chosen).body)
            #expect(settings.contains(#"<option value="ko" selected>한국어</option>"#))
            // Another browser (without the cookie) keeps its own language.
            let theirs = String(buffer: try await client.execute(uri: "/?tab=\(other.tab)", method: .get, headers: Self.english).body)
            #expect(theirs.contains("6 countries"))
            // A value the app does not speak, set by anyone on this host, is ignored.
            var forged = Self.english
            forged[.cookie] = "keel-language=tlh"
            #expect(String(buffer: try await client.execute(uri: "/", method: .get, headers: forged).body).contains("6 countries"))

            let back = try await client.post("/settings", credentials.form([("language", "eng"), ("interface", "")]), headers: chosen)
            #expect(back.status == .seeOther)
            #expect(back.headers[.setCookie]?.hasPrefix("keel-language=;") == true)
            #expect(back.headers[.setCookie]?.contains("Max-Age=0") == true)
            let english = String(buffer: try await client.execute(uri: "/?tab=\(credentials.tab)", method: .get, headers: Self.english).body)
            #expect(english.contains("6 countries"))
        }
    }

    @Test("an interface language the app does not speak is refused with 400, in the tab's language, and changes nothing")
    func unknownLanguage() async throws {
        let raft = try await webRaft()
        let app = try await webApplication(raft)
        try await app.test(.router) { client in
            let opened = String(buffer: try await client.execute(uri: "/", method: .get, headers: Self.korean).body)
            let credentials = try #require(TabCredentials(page: opened))
            let refused = try await client.post(
                "/settings", credentials.form([("language", "kor"), ("interface", "tlh")]), headers: Self.korean)
            #expect(refused.status == .badRequest)
            let page = String(buffer: refused.body)
            #expect(page.contains("보기에 있는 언어 중 하나를 고르세요."))
            let list = String(buffer: try await client.execute(uri: "/?tab=\(credentials.tab)", method: .get, headers: Self.english).body)
            #expect(list.contains("6 countries"))
        }
    }
}
