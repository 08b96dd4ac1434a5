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
    /// The catalog in the language of this process's environment, for the
    /// command lines.
    public static let environment = EnvironmentStrings { try catalog() }
}
