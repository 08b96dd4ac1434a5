import Foundation
import Keel

/// An app's catalog in the language of this process's environment
/// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, read as gettext reads them):
/// what a command line speaks.
///
/// <!-- snippet: Examples/Countries/Sources/Presentation/Strings/CountriesStrings.swift#environmentStrings -->
/// ```swift
/// public static let environment = EnvironmentStrings { try catalog() }
/// ```
public struct EnvironmentStrings: Sendable {
    /// The catalog and the language chosen; `nil` when the catalog could not be read.
    private let resolved: (catalog: StringCatalog, language: String)?

    /// Reads the catalog with `read`, once, and chooses the language of
    /// `environment` among the catalog's.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, _ read: () throws -> StringCatalog) {
        resolved = (try? read()).map { ($0, $0.language(preferring: StringCatalog.preferredLanguages(in: environment))) }
    }

    /// `text` in that language; its source-language text when the catalog could not be read.
    public func string(_ text: LocalizedText) -> String {
        resolved.map { $0.catalog.string(text, language: $0.language) } ?? text.description
    }

    /// The language chosen: one of the catalog's, or `en` when it could not be read.
    public var language: String { resolved?.language ?? "en" }

    /// The locale of that language, for the dates and numbers a command line writes.
    public var locale: Locale { Locale(identifier: language) }
}
