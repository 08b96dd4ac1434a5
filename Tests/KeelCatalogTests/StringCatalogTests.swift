import Foundation
import Keel
import KeelCatalog
import Testing

/// A catalog as Xcode writes it: a plain key, a plural key, a key whose
/// translation reorders its arguments, a nested key, one marked "Don't translate".
private let sample = #"""
{
  "sourceLanguage" : "en",
  "strings" : {
    "%@" : { "shouldTranslate" : false },
    "%lld accounts" : {
      "localizations" : {
        "en" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld account" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld accounts" } },
          "zero" : { "stringUnit" : { "state" : "translated", "value" : "No accounts" } } } } },
        "ko" : { "stringUnit" : { "state" : "translated", "value" : "계정 %lld개" } }
      }
    },
    "%@ of %@" : {
      "localizations" : { "ko" : { "stringUnit" : { "state" : "translated", "value" : "%2$@의 %1$@" } } }
    },
    "Copy" : {
      "localizations" : { "ko" : { "stringUnit" : { "state" : "translated", "value" : "복사" } } }
    },
    "Could not copy: %@" : {
      "localizations" : { "ko" : { "stringUnit" : { "state" : "translated", "value" : "복사하지 못했습니다: %@" } } }
    }
  },
  "version" : "1.0"
}
"""#

@Suite("StringCatalog")
struct StringCatalogTests {
    @Test("Resolves a key in the best language for a reader's preferences, with plural forms")
    func resolve() throws {
        // snippet.resolve
        let catalog = try StringCatalog(data: Data(sample.utf8))
        let language = catalog.language(preferring: ["ko-KR", "en"])
        #expect(language == "ko")
        #expect(catalog.string("\(3) accounts", language: language) == "계정 3개")
        #expect(catalog.string("\(1) accounts", language: "en") == "1 account")
        // snippet.end
        #expect(catalog.string("\(2) accounts", language: "en") == "2 accounts")
        #expect(catalog.string("\(0) accounts", language: "en") == "No accounts")
        #expect(catalog.string("\(1) accounts", language: "ko") == "계정 1개")
        #expect(catalog.string("Copy", language: "ko") == "복사")
        #expect(catalog.string("Copy", language: "en") == "Copy")
    }

    @Test("An app's catalog, read from its file: every key in every language, the kit's own message among them")
    func appCatalog() throws {
        // snippet.translations
        let catalogURL = URL(fileURLWithPath: #filePath)  // Tests/KeelCatalogTests/…
            .deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fixtures/Localizable.xcstrings")
        let catalog = try StringCatalog(contentsOf: catalogURL)
        #expect(catalog.problems() == [], "every key has its text in every language")
        #expect(catalog.languages == ["en", "ko"])
        #expect(catalog.keys.contains(UnexpectedFizzle().message.key))
        // snippet.end
        #expect(catalog.string(UnexpectedFizzle().message, language: "ko") == "문제가 생겼습니다. 다시 시도해 주세요.")
        #expect(catalog.string("\(1) accounts", language: "en") == "1 account")
        #expect(catalog.string("\(5) accounts", language: "ko") == "계정 5개")
    }

    @Test("Languages: region and encoding ignored, the source language when none matches")
    func languages() throws {
        let catalog = try StringCatalog(data: Data(sample.utf8))
        #expect(catalog.languages == ["en", "ko"])
        #expect(catalog.language(preferring: ["ko_KR.UTF-8"]) == "ko")
        #expect(catalog.language(preferring: ["fr-FR", "de"]) == "en")
        #expect(catalog.language(preferring: ["fr", "KO"]) == "ko")
        #expect(catalog.language(preferring: []) == "en")
        #expect(catalog.language(preferring: ["", "*"]) == "en")
    }

    @Test("Positional arguments reorder; a nested text resolves in the same language; verbatim text stays")
    func arguments() throws {
        let catalog = try StringCatalog(data: Data(sample.utf8))
        #expect(catalog.string("\("Seoul") of \("Korea")", language: "ko") == "Korea의 Seoul")
        #expect(catalog.string("\("Seoul") of \("Korea")", language: "en") == "Seoul of Korea")
        let reason: LocalizedText = "Copy"
        #expect(catalog.string("Could not copy: \(reason)", language: "ko") == "복사하지 못했습니다: 복사")
        #expect(catalog.string(.verbatim("서울 %d"), language: "ko") == "서울 %d")
    }

    @Test("A key the catalog lacks is shown in the source language")
    func unknownKey() throws {
        let catalog = try StringCatalog(data: Data(sample.utf8))
        #expect(catalog.string("Not in the catalog \(7)", language: "ko") == "Not in the catalog 7")
    }

    @Test("Problems: a missing translation, one not translated yet, a missing plural form, other arguments")
    func problems() throws {
        let clean = try StringCatalog(data: Data(sample.utf8))
        #expect(clean.problems() == [])

        let broken = #"""
        { "sourceLanguage" : "en", "strings" : {
            "Copy" : { },
            "Delete" : { "localizations" : { "ko" : { "stringUnit" : { "state" : "needs_review", "value" : "삭제" } } } },
            "%lld accounts" : { "localizations" : {
                "en" : { "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld accounts" } } } } },
                "ko" : { "stringUnit" : { "state" : "translated", "value" : "계정 %@개" } } } }
        } }
        """#
        let problems = try StringCatalog(data: Data(broken.utf8)).problems().map(\.description)
        #expect(problems == [
            #"en: "%lld accounts": no translated text (one)"#,
            #"ko: "%lld accounts": other arguments than the key's: "계정 %@개""#,
            #"ko: "Copy": no text"#,
            #"ko: "Delete": no translated text"#,
        ])
    }

    @Test("Plural forms by CLDR's rules: Russian asks for few and many, and gets them; a language CLDR lacks is a problem")
    func russianPlurals() throws {
        func forms(_ language: String, _ forms: [String: String]) -> String {
            let units = forms.map { #""\#($0.key)" : { "stringUnit" : { "state" : "translated", "value" : "\#($0.value)" } }"# }
            return #""\#(language)" : { "variations" : { "plural" : { \#(units.sorted().joined(separator: ", ")) } } }"#
        }
        func catalog(_ localizations: String...) throws -> StringCatalog {
            let json = #"{ "sourceLanguage" : "en", "strings" : { "%lld files" : { "localizations" : { \#(localizations.joined(separator: ", ")) } } } }"#
            return try StringCatalog(data: Data(json.utf8))
        }
        let english = forms("en", ["one": "%lld file", "other": "%lld files"])

        // Translated as a language with two forms would be: few and many are missing.
        let partial = try catalog(english, forms("ru", ["one": "%lld файл", "other": "%lld файла"]))
        #expect(partial.problems().map(\.description) == [
            #"ru: "%lld files": no translated text (few)"#,
            #"ru: "%lld files": no translated text (many)"#,
        ])

        let russian = try catalog(english, forms("ru", ["one": "%lld файл", "few": "%lld файла", "many": "%lld файлов", "other": "%lld файла"]))
        #expect(russian.problems() == [])
        let shown = [1, 2, 5, 11, 21, 22, 25, 111].map { russian.string("\($0) files", language: "ru") }
        #expect(shown == ["1 файл", "2 файла", "5 файлов", "11 файлов", "21 файл", "22 файла", "25 файлов", "111 файлов"])

        // Arabic needs all six; Polish one, few, many and other.
        let arabic = try catalog(english, forms("ar", ["other": "%lld"]))
        #expect(arabic.problems().map(\.description).count == 5)
        let polish = try catalog(english, forms("pl", ["one": "%lld plik", "few": "%lld pliki", "many": "%lld plików", "other": "%lld pliku"]))
        #expect(polish.problems() == [])
        #expect([1, 3, 5, 22, 25].map { polish.string("\($0) files", language: "pl") } == ["1 plik", "3 pliki", "5 plików", "22 pliki", "25 plików"])

        let unknown = try catalog(english, forms("qq", ["other": "%lld"]))
        #expect(unknown.problems().map(\.description) == [#"qq: "%lld files": no plural rules for this language in CLDR"#])
    }

    @Test("A file that is not a catalog is a clear error")
    func readErrors() {
        #expect(throws: StringCatalog.ReadError.self) { try StringCatalog(data: Data("{}".utf8)) }
        do {
            _ = try StringCatalog(data: Data("not json".utf8))
            Issue.record("read a catalog from text that is not JSON")
        } catch {
            #expect(error.description.contains("cannot be read"))
        }
        do {
            _ = try StringCatalog(contentsOf: URL(fileURLWithPath: "/nonexistent/Localizable.xcstrings"))
            Issue.record("read a catalog that does not exist")
        } catch {
            #expect(error.description == "The string catalog Localizable.xcstrings cannot be opened.")
        }
        do {
            _ = try StringCatalog(named: "Missing", in: Bundle(path: NSTemporaryDirectory()) ?? .main)
            Issue.record("read a catalog a bundle does not have")
        } catch {
            #expect(error.description.hasPrefix("The string catalog Missing.xcstrings is not among the resources of "))
        }
    }

    @Test("Malformed specifiers and missing arguments neither crash nor invent text")
    func malformed() throws {
        let catalog = try StringCatalog(data: Data(sample.utf8))
        let text = LocalizedText(key: "%5 and %9$@ and %1$@ %", arguments: [.text("x")])
        #expect(catalog.string(text, language: "en") == "%5 and  and x %")
    }
}
