import Foundation
import Keel
import KeelCatalog
import Testing

/// The kit's reading of a command's environment.
func preferredLanguages(in environment: [String: String]) -> [String] {
    StringCatalog.preferredLanguages(in: environment)
}

@Suite("The language of a command line")
struct CommandLineLanguageTests {
    /// A catalog in English and Korean.
    let catalog: StringCatalog

    init() throws {
        catalog = try StringCatalog(data: Data(#"""
            { "sourceLanguage" : "en", "strings" : {
                "Copy" : { "localizations" : { "ko" : { "stringUnit" : { "state" : "translated", "value" : "복사" } } } } } }
            """#.utf8))
    }

    @Test("LANG chooses the language; its region and encoding are ignored")
    func lang() {
        // snippet.commandLineLanguage
        let environment = ["LANG": "ko_KR.UTF-8"]  // ProcessInfo.processInfo.environment
        let language = catalog.language(preferring: StringCatalog.preferredLanguages(in: environment))
        #expect(catalog.string("Copy", language: language) == "복사")
        // snippet.end
        #expect(language == "ko")
    }

    @Test("LC_ALL overrides LC_MESSAGES, which overrides LANG; an empty one does not count")
    func precedence() {
        #expect(catalog.language(preferring: preferredLanguages(in: ["LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "ko_KR", "LANG": "ko_KR"])) == "en")
        #expect(catalog.language(preferring: preferredLanguages(in: ["LC_MESSAGES": "ko_KR", "LANG": "en_US"])) == "ko")
        #expect(catalog.language(preferring: preferredLanguages(in: ["LC_ALL": "", "LANG": "ko_KR.UTF-8"])) == "ko")
    }

    @Test("LANGUAGE lists languages before the locale's; the C locale means the source language")
    func languageList() {
        #expect(preferredLanguages(in: ["LANGUAGE": "ko:en", "LANG": "en_US.UTF-8"]) == ["ko", "en", "en_US.UTF-8"])
        #expect(catalog.language(preferring: preferredLanguages(in: ["LANGUAGE": "fr:ko", "LANG": "en_US.UTF-8"])) == "ko")
        #expect(preferredLanguages(in: ["LANGUAGE": "ko", "LANG": "C.UTF-8"]) == [])
        #expect(preferredLanguages(in: ["LANG": "POSIX"]) == [])
        #expect(preferredLanguages(in: [:]) == [])
        #expect(catalog.language(preferring: preferredLanguages(in: ["LANG": "C"])) == "en")
    }
}

@Suite("EnvironmentStrings: a command line speaks its environment's language", .timeLimit(.minutes(1)))
struct EnvironmentStringsTests {
    static let sample = #"""
    { "sourceLanguage" : "en", "strings" : {
        "Copy" : { "localizations" : { "ko" : { "stringUnit" : { "state" : "translated", "value" : "복사" } } } }
    } }
    """#

    @Test("the catalog's language that the environment prefers, its locale, and the source text without a catalog")
    func chooses() {
        let korean = EnvironmentStrings(environment: ["LANG": "ko_KR.UTF-8"]) { try StringCatalog(data: Data(Self.sample.utf8)) }
        #expect(korean.string("Copy") == "복사")
        #expect(korean.language == "ko")
        #expect(korean.locale.identifier == "ko")
        let french = EnvironmentStrings(environment: ["LANGUAGE": "fr:en"]) { try StringCatalog(data: Data(Self.sample.utf8)) }
        #expect(french.string("Copy") == "Copy")
        let unreadable = EnvironmentStrings(environment: ["LANG": "ko_KR.UTF-8"]) { try StringCatalog(data: Data("{}".utf8)) }
        #expect(unreadable.string("\(3) copies") == "3 copies")
        #expect(unreadable.language == "en")
    }
}
