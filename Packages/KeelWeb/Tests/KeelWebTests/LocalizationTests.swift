import Foundation
import Keel
import KeelCatalog
import KeelWeb
import Testing

private let catalog = #"""
{ "sourceLanguage" : "en", "strings" : {
    "Search" : { "localizations" : { "ko" : { "stringUnit" : { "state" : "translated", "value" : "검색" } } } },
    "Not Found" : { "localizations" : { "ko" : { "stringUnit" : { "state" : "translated", "value" : "찾을 수 없음" } } } },
    "There is no page here." : { "localizations" : { "ko" : { "stringUnit" : { "state" : "translated", "value" : "여기에는 페이지가 없습니다." } } } },
    "Tom & Jerry <3" : { "localizations" : { "ko" : { "stringUnit" : { "state" : "translated", "value" : "톰 & 제리 {{x}}" } } } }
} }
"""#

@Suite("Localization: Accept-Language and templates in a language", .timeLimit(.minutes(1)))
struct LocalizationTests {
    @Test("Accept-Language: by weight, then by order; zero weights, wildcards and junk left out")
    func acceptLanguage() {
        #expect(AcceptLanguage.preferred("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7") == ["ko-KR", "ko", "en-US", "en"])
        #expect(AcceptLanguage.preferred("en;q=0.5, ko") == ["ko", "en"])
        #expect(AcceptLanguage.preferred("fr;q=0, *, de;q=0.3, <script>, ja;q=abc, es;q=2") == ["de"])
        #expect(AcceptLanguage.preferred("") == [])
        #expect(AcceptLanguage.preferred(nil) == [])
        // A header of thousands of entries (60 KB) is read no further than its first 32.
        let flood = String(repeating: "aa-BB;q=0.5,", count: 5_000) + "ko"
        #expect(AcceptLanguage.preferred(flood) == Array(repeating: "aa-BB", count: AcceptLanguage.maximumEntries))
        #expect(AcceptLanguage.preferred(String(repeating: "a,", count: 10_000)).count == AcceptLanguage.maximumEntries)
    }

    @Test("A tab's language: its reader's choice if spoken, else its browser's best, at each page")
    @MainActor
    func tabLanguage() throws {
        let strings = try StringCatalog(data: Data(catalog.utf8))
        let tab = TabSession(now: .now) { _ in RecordingScreens() }
        #expect(tab.language == "" && tab.chosenLanguage == nil)
        tab.hear(BrowserLanguages(accepted: ["ko-KR", "en"]), in: strings)
        #expect(tab.language == "ko")
        tab.hear(BrowserLanguages(accepted: ["fr"]), in: strings)
        #expect(tab.language == "en")  // none spoken: the source language
        tab.hear(BrowserLanguages(chosen: "ko", accepted: ["en"]), in: strings)
        #expect(tab.language == "ko" && tab.chosenLanguage == "ko")  // the choice outranks the browser's
        tab.hear(BrowserLanguages(chosen: "fr<script>", accepted: ["en"]), in: strings)
        #expect(tab.language == "en" && tab.chosenLanguage == nil)  // a choice the catalog lacks is ignored

        #expect(tab.choose("ko", in: strings))
        #expect(tab.language == "ko" && tab.chosenLanguage == "ko")
        #expect(!tab.choose("fr", in: strings))
        #expect(tab.language == "ko" && tab.chosenLanguage == "ko")
        #expect(tab.choose("", in: strings))
        #expect(tab.chosenLanguage == nil && tab.language == "ko")  // the browser's from the next page on
    }

    @Test("The language cookie: kept a year for all the browser's pages, forgotten with nil")
    func languageCookie() {
        let kept = LanguageCookie.cookie(for: "ko")
        #expect(kept.name == "keel-language" && kept.value == "ko" && kept.path == "/")
        #expect(kept.maxAge == 365 * 24 * 3600 && kept.sameSite == .lax && kept.httpOnly)
        let forgotten = LanguageCookie.cookie(for: nil)
        #expect(forgotten.value == "" && forgotten.maxAge == 0)
    }

    @Test("Templates: {{#t}} sections in the language, escaped; other tags untouched")
    func templates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-l10n-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"<button>{{#t}}Search{{/t}}</button> {{name}} <i>{{#t}}Tom & Jerry <3{{/t}}</i>"#
            .write(to: folder.appendingPathComponent("page.mustache"), atomically: true, encoding: .utf8)
        let strings = try StringCatalog(data: Data(catalog.utf8))

        let korean = try LocalizedTemplates.load(directory: folder.path, required: ["page"], catalog: strings, language: "ko")
        #expect(korean.render(["name": "<b>"], withTemplate: "page")
            == "<button>검색</button> &lt;b&gt; <i>톰 &amp; 제리 &#123;&#123;x}}</i>")
        let english = try LocalizedTemplates.load(directory: folder.path, required: ["page"], catalog: strings, language: "en")
        #expect(english.render(["name": "Ada"], withTemplate: "page") == "<button>Search</button> Ada <i>Tom &amp; Jerry &lt;3</i>")
    }

    @Test("A key the catalog lacks, an unclosed section, a missing template: each stops the start, saying what")
    func failures() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-l10n-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = try StringCatalog(data: Data(catalog.utf8))
        let page = folder.appendingPathComponent("page.mustache")

        try "{{#t}}Searhc{{/t}}".write(to: page, atomically: true, encoding: .utf8)
        #expect { try LocalizedTemplates.load(directory: folder.path, required: [], catalog: strings, language: "ko") } throws: {
            "\($0)".contains(#"the text "Searhc" (template page) in the string catalog"#)
        }
        try "{{#t}}Search".write(to: page, atomically: true, encoding: .utf8)
        #expect { try LocalizedTemplates.load(directory: folder.path, required: [], catalog: strings, language: "ko") } throws: {
            "\($0)".contains("the end of a {{#t}} section in the template page")
        }
        try "fine".write(to: page, atomically: true, encoding: .utf8)
        #expect { try LocalizedTemplates.load(directory: folder.path, required: ["list"], catalog: strings, language: "ko") } throws: {
            "\($0)".contains("the template list")
        }
        #expect { try LocalizedTemplates.load(directory: folder.path + "/nope", required: [], catalog: strings, language: "ko") } throws: {
            "\($0)".contains("the folder nope")
        }
    }

    @Test("Voices: the templates in every language of the catalog; a language it lacks gets the source language's")
    @MainActor
    func voices() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-l10n-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<button>{{#t}}Search{{/t}}</button>".write(to: folder.appendingPathComponent("page.mustache"), atomically: true, encoding: .utf8)
        let strings = try StringCatalog(data: Data(catalog.utf8))
        let voices = try Voices(directory: folder.path, required: ["page"], catalog: strings)
        #expect(voices.voice("ko").render("page", [String: String]()) == "<button>검색</button>")
        #expect(voices.voice("en").render("page", [String: String]()) == "<button>Search</button>")
        #expect(voices.voice("fr").wording.language == "en")
        #expect(voices.sourceVoice.wording == Wording(language: "en", catalog: strings))
        #expect(voices.voice("ko").wording("Search") == "검색")
        #expect(voices.voice("ko").wording != voices.voice("en").wording)
        #expect(throws: TemplateLibrary.Missing.self) {
            try Voices(directory: folder.path, required: ["list"], catalog: strings)
        }
    }

    @Test("An error page speaks its reader's language; a message the catalog lacks is shown as it is")
    func errorPages() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-l10n-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"<html lang="{{language}}"><h1>{{status}} {{title}}</h1><p>{{message}}</p><a href="{{home}}">"#
            .write(to: folder.appendingPathComponent("message.mustache"), atomically: true, encoding: .utf8)
        let voices = try await Voices(directory: folder.path, required: ["message"], catalog: StringCatalog(data: Data(catalog.utf8)))
        let korean = AcceptLanguage.preferred("ko-KR,ko;q=0.9,en;q=0.5")
        let missing = MessagePage(title: "Not Found", status: 404, message: "There is no page here.", home: "/", languages: korean)
        #expect(await voices.render(missing, withTemplate: "message")
            == #"<html lang="ko"><h1>404 찾을 수 없음</h1><p>여기에는 페이지가 없습니다.</p><a href="/">"#)
        let english = MessagePage(title: "Not Found", status: 404, message: "There is no page here.", home: "/", languages: ["fr"])
        #expect(await voices.render(english, withTemplate: "message")
            == #"<html lang="en"><h1>404 Not Found</h1><p>There is no page here.</p><a href="/">"#)
        let thrown = MessagePage(title: "Bad Request", status: 400, message: LocalizedText(key: "50% <off> %@"), home: "/", languages: korean)
        #expect(await voices.render(thrown, withTemplate: "message")
            == #"<html lang="ko"><h1>400 Bad Request</h1><p>50% &lt;off&gt; %@</p><a href="/">"#, "a key the catalog lacks, as it is")
    }

    @Test("MessagePage.catalogKeys holds every message KeelWeb puts on an error page")
    func errorPageKeys() throws {
        let sources = URL(fileURLWithPath: #filePath)  // Tests/KeelWebTests/LocalizationTests.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Sources/KeelWeb")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        // A PageError's message, ErrorPages' own (`case 404: "…"`, `default: "…"`) and its 500 page's title.
        let shown = #/(?:case \d+: |default: |message: |title: )"([^"\\]*)"/#
        var messages: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: shown) { messages.insert(String(match.1)) }
        }
        #expect(messages.count >= 10, "the scan finds KeelWeb's messages: \(messages.sorted())")
        #expect(messages.subtracting(MessagePage.catalogKeys).isEmpty)
        #expect(MessagePage.catalogKeys.contains("Not Found"))
    }
}
