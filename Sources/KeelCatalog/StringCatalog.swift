import Foundation
import Keel

/// An app's strings in every language it speaks, read from the String
/// Catalog (`Localizable.xcstrings`) that Xcode edits and compiles.
///
/// On Apple platforms Xcode compiles the catalog into the app, and SwiftUI
/// reads it there. Swift on Linux copies the file as it is, and has no
/// localized-string API that takes a language per call (a server answers
/// people in different languages at once); `StringCatalog` reads the same
/// file, so that a web front-end and a command line speak from the one
/// source the SwiftUI app uses:
///
/// <!-- snippet: Tests/KeelCatalogTests/StringCatalogTests.swift#resolve -->
/// ```swift
/// let catalog = try StringCatalog(data: Data(sample.utf8))
/// let language = catalog.language(preferring: ["ko-KR", "en"])
/// #expect(language == "ko")
/// #expect(catalog.string("\(3) accounts", language: language) == "계정 3개")
/// #expect(catalog.string("\(1) accounts", language: "en") == "1 account")
/// ```
///
/// It reads what a catalog holds for text: a string per language, and plural
/// variations of the whole string, chosen by its first whole-number argument
/// (a `zero` variation, when there is one, is used for 0 in every language,
/// as Apple's platforms do). A key without a translation is shown in the
/// source language; ``problems()`` lists such keys, for a test to fail on.
public struct StringCatalog: Sendable {
    /// The language the keys are written in.
    public let sourceLanguage: String
    /// Every language the catalog has text for, the source language first.
    public let languages: [String]
    /// Each key's text per language.
    private let entries: [String: Entry]

    /// A catalog file that could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        /// What is wrong, and where.
        public let description: String

        /// An error saying `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The catalog in `data`, the contents of an `.xcstrings` file.
    public init(data: Data) throws(ReadError) {
        let file: CatalogFile
        do {
            file = try JSONDecoder().decode(CatalogFile.self, from: data)
        } catch let error as DecodingError {
            throw ReadError(description: "The string catalog cannot be read: \(error.summary).")
        } catch {
            throw ReadError(description: "The string catalog cannot be read: it is not JSON.")
        }
        sourceLanguage = file.sourceLanguage
        entries = file.strings
        let others = Set(file.strings.values.flatMap { ($0.localizations ?? [:]).keys }).subtracting([file.sourceLanguage])
        languages = [file.sourceLanguage] + others.sorted()
    }

    /// The catalog in the file at `url`.
    public init(contentsOf url: URL) throws(ReadError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ReadError(description: "The string catalog \(url.lastPathComponent) cannot be opened.")
        }
        do {
            try self.init(data: data)
        } catch {
            throw ReadError(description: "\(url.lastPathComponent): \(error.description)")
        }
    }

    /// The catalog `name.xcstrings` among `bundle`'s resources (a package
    /// target's `Bundle.module`), where SwiftPM copies it on Linux.
    public init(named name: String = "Localizable", in bundle: Bundle) throws(ReadError) {
        guard let url = bundle.url(forResource: name, withExtension: "xcstrings") else {
            throw ReadError(description: "The string catalog \(name).xcstrings is not among the resources of \(bundle.bundleURL.lastPathComponent).")
        }
        try self.init(contentsOf: url)
    }

    /// Every key of the catalog.
    public var keys: Set<String> { Set(entries.keys) }

    /// The catalog's language that best serves someone who reads
    /// `preferred`, most preferred first (`ko-KR`, `en_US.UTF-8`, `ko`): the
    /// first whose language (or language and region) the catalog has, or
    /// else the source language.
    public func language(preferring preferred: [String]) -> String {
        for tag in preferred {
            let normalized = tag.split(separator: ".").first.map(String.init)?.replacingOccurrences(of: "_", with: "-").lowercased() ?? ""
            if let exact = languages.first(where: { $0.lowercased() == normalized }) { return exact }
            let primary = normalized.split(separator: "-").first.map(String.init) ?? normalized
            if let match = languages.first(where: { $0.lowercased() == primary }) { return match }
        }
        return sourceLanguage
    }

    /// The languages the reader of a command asks for, most preferred first,
    /// as gettext reads `environment`: the `LANGUAGE` list, then the locale of
    /// messages (`LC_ALL`, else `LC_MESSAGES`, else `LANG`); none in the C
    /// locale. (Foundation on Linux does not report them reliably:
    /// `Locale.preferredLanguages` can answer `en-001` whatever `LANG` says.)
    public static func preferredLanguages(in environment: [String: String]) -> [String] {
        let names = ["LC_ALL", "LC_MESSAGES", "LANG"]
        guard let locale = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }),
              locale != "C", locale != "POSIX", !locale.hasPrefix("C.")
        else { return [] }
        let list = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        return list + [locale]
    }

    /// `text` in `language`: its translation with its arguments in place,
    /// or its source-language text when the catalog has no translation.
    public func string(_ text: LocalizedText, language: String) -> String {
        LocalizedText.format(pattern(of: text, language: language), text.arguments) { string($0, language: language) }
    }

    /// The text that `text` formats in `language`, before its arguments go in.
    private func pattern(of text: LocalizedText, language: String) -> String {
        guard let entry = entries[text.key] else { return text.key }
        let localization = entry.localizations?[language] ?? entry.localizations?[sourceLanguage]
        if let plural = localization?.variations?.plural {
            let count = text.arguments.lazy.compactMap { if case .integer(let n) = $0 { n } else { nil } }.first ?? 0
            let category = count == 0 && plural["zero"] != nil ? "zero" : PluralRules.category(of: count, language: language)
            if let value = (plural[category] ?? plural["other"])?.stringUnit?.value { return value }
        }
        return localization?.stringUnit?.value ?? text.key
    }

    // MARK: Checking

    /// What keeps a key from being shown right in a language.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The key.
        public let key: String
        /// The language.
        public let language: String
        /// What is wrong.
        public let reason: String

        public var description: String { "\(language): \"\(key)\": \(reason)" }
    }

    /// Every key that some language lacks a translation of (a missing one,
    /// one not marked translated, a missing plural form), or whose
    /// translation puts other arguments in than its key (on Apple platforms,
    /// a crash). Keys marked "Don't translate" are left out.
    public func problems() -> [Problem] {
        var problems: [Problem] = []
        for (key, entry) in entries where entry.shouldTranslate != false {
            let expected = LocalizedText.specifiers(in: key)
            for language in languages {
                guard let localization = entry.localizations?[language] else {
                    // The source language's text is its key, unless it varies by number.
                    if language != sourceLanguage || expected.contains("lld") {
                        problems.append(Problem(key: key, language: language, reason: "no text"))
                    }
                    continue
                }
                let units: [String: StringUnit?]
                if let plural = localization.variations?.plural {
                    // Every category the language's CLDR rules have: Russian's one, few, many and other.
                    guard let categories = PluralRules.categories(of: language) else {
                        problems.append(Problem(key: key, language: language, reason: "no plural rules for this language in CLDR"))
                        continue
                    }
                    units = Dictionary(uniqueKeysWithValues: categories.map { ($0, plural[$0]?.stringUnit) })
                } else {
                    units = ["": localization.stringUnit]
                }
                for (category, unit) in units.sorted(by: { $0.key < $1.key }) {
                    let form = category.isEmpty ? "" : " (\(category))"
                    guard let unit, unit.state == nil || unit.state == "translated", !unit.value.isEmpty else {
                        problems.append(Problem(key: key, language: language, reason: "no translated text\(form)"))
                        continue
                    }
                    if LocalizedText.specifiers(in: unit.value).sorted() != expected.sorted() {
                        problems.append(Problem(key: key, language: language, reason: "other arguments than the key's\(form): \"\(unit.value)\""))
                    }
                }
            }
        }
        return problems.sorted { ($0.key, $0.language) < ($1.key, $1.language) }
    }

    // MARK: The file

    /// The parts of an `.xcstrings` file that hold text.
    private struct CatalogFile: Decodable {
        let sourceLanguage: String
        let strings: [String: Entry]
    }

    /// A key's text in each language.
    private struct Entry: Decodable, Sendable {
        let localizations: [String: Localization]?
        let shouldTranslate: Bool?
    }

    /// A key's text in one language: one string, or one per plural form.
    private struct Localization: Decodable, Sendable {
        let stringUnit: StringUnit?
        let variations: Variations?
    }

    /// Variations of a text; plural ones are read.
    private struct Variations: Decodable, Sendable {
        let plural: [String: Localization]?
    }

    /// A text and whether it is translated.
    private struct StringUnit: Decodable, Sendable {
        let state: String?
        let value: String
    }
}
