import CountriesDomain
import Testing

@Suite("Deep links: accepted forms, and everything else rejected without a crash", .timeLimit(.minutes(1)))
struct DeepLinkTests {
    @Test("accepted forms open the country", arguments: [
        ("keel-countries://country/KOR", "KOR"),
        ("keel-countries://country/kor", "KOR"),
        ("KEEL-COUNTRIES://Country/Fra/", "FRA"),
        ("https://example.com/country/JPN", "JPN"),
        ("http://localhost:8080/country/deu", "DEU"),
        ("https://countries.test/country/BRA?utm_source=mail", "BRA"),
        ("https://www.example.com/?alpha3code=ITA", "ITA"),
        ("https://www.example.com/countries?alpha3code=che", "CHE"),
        ("keel-countries://show?alpha3code=GBR", "GBR"),
        ("  keel-countries://country/KOR\n", "KOR"),
    ])
    func accepted(link: String, code: String) throws {
        #expect(try DeepLink(link) == .country(code: code))
    }

    @Test("malformed and hostile links are rejected with a user-facing error", arguments: [
        "",
        "   ",
        "KOR",
        "country/KOR",
        "/country/KOR",
        "keel-countries://",
        "keel-countries://country",
        "keel-countries://country/",
        "keel-countries://country/KO",
        "keel-countries://country/KORE",
        "keel-countries://country/K0R",
        "keel-countries://country/한국",
        "keel-countries://country/KOR/extra",
        "keel-countries://list/KOR",
        "https:///country/KOR",
        "https://example.com/",
        "https://example.com/country",
        "https://example.com/country/../KOR",
        "https://example.com/country/%4B%4F%52",
        "https://example.com/?alpha3code=",
        "https://example.com/?alpha3code=<script>",
        "javascript:alert(1)//country/KOR",
        "file:///etc/passwd",
        "ftp://example.com/country/KOR",
        "mailto:someone@example.com",
        "keel-countries://country/KOR\u{0000}",
        "keel-countries://country/\u{202E}ROK",
        "https://example.com/country/KOR\r\nSet-Cookie: x=y",
        "keel-countries://country/" + String(repeating: "A", count: 5_000),
        String(repeating: "%", count: 3_000),
        "http://[::1",
        "💥://country/KOR",
    ])
    func rejected(link: String) {
        #expect(throws: LinkFizzle.self) { try DeepLink(link) }
    }

    @Test("the error names the link, shortened")
    func messageIsShort() {
        let long = "https://example.com/" + String(repeating: "x", count: 500)
        do {
            _ = try DeepLink(long)
            Issue.record("expected a failure")
        } catch {
            guard case .unsupported(let excerpt) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(excerpt.count <= 81)
            #expect(error.message == "This link can't be opened in Countries.")
        }
    }

    @Test("a country link round-trips through its URL")
    func roundTrip() throws {
        let link = DeepLink.country(code: "KOR")
        let url = try #require(link.url)
        #expect(try DeepLink(url.absoluteString) == link)
    }
}
