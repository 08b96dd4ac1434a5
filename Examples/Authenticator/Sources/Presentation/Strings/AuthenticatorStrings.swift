import Foundation
import Keel
import KeelCatalog

/// Where the app's words live: one String Catalog, `Localizable.xcstrings`,
/// in English and Korean, for every front-end.
///
/// Domain and Presentation hold ``LocalizedText`` (a fizzle's message, an
/// empty list's message, an import's summary); each front-end shows it in its
/// reader's language. SwiftUI reads the catalog Xcode compiled into
/// ``bundle``; the web front-end and the command line, built where nothing
/// compiles it, read the same file through ``catalog()``.
public enum AuthenticatorStrings {
    /// The bundle that holds the catalog.
    public static let bundle: Bundle = .module

    /// The catalog, read from the bundle.
    public static func catalog() throws -> StringCatalog {
        try StringCatalog(in: bundle)
    }
}

extension AuthenticatorStrings {
    /// The catalog and the language of this process's environment
    /// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, read as gettext reads
    /// them); `nil` when the catalog cannot be read.
    private static let environment: (catalog: StringCatalog, language: String)? = {
        guard let catalog = try? catalog() else { return nil }
        return (catalog, catalog.language(preferring: StringCatalog.preferredLanguages(in: ProcessInfo.processInfo.environment)))
    }()

    /// `text` in the language of this process's environment, for the
    /// command lines; its source-language text when the catalog cannot be read.
    public static func environmentString(_ text: LocalizedText) -> String {
        environment.map { $0.catalog.string(text, language: $0.language) } ?? text.description
    }

    /// The locale of that language, for the dates a command line writes.
    public static var environmentLocale: Locale {
        Locale(identifier: environment?.language ?? "en")
    }
}
