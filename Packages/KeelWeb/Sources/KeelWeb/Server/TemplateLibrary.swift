import Foundation
import Mustache

/// Loads an app's templates, and checks that none is missing.
public enum TemplateLibrary {
    /// A resource folder is missing or a template does not parse.
    public struct Missing: Error, CustomStringConvertible {
        /// What is missing.
        public let what: String
        public var description: String { "The web front-end's resources are incomplete: \(what)" }

        /// The resources lack `what`.
        public init(what: String) {
            self.what = what
        }
    }

    /// The path of the folder `name` copied into `bundle`.
    public static func directory(_ name: String, in bundle: Bundle) throws(Missing) -> String {
        guard let url = bundle.url(forResource: name, withExtension: nil) else {
            throw Missing(what: "the folder \(name)")
        }
        return url.path
    }

    /// The templates of `directory`, every one of `required` among them:
    /// a missing folder would otherwise load as an empty library.
    public static func load(directory: String, required: [String]) async throws -> MustacheLibrary {
        let library = try await MustacheLibrary(directory: directory)
        for name in required where library.getTemplate(named: name) == nil {
            throw Missing(what: "the template \(name)")
        }
        return library
    }
}
