import Foundation
import Mustache

/// The templates and static files shipped with the web front-end.
enum WebResources {
    /// A resource folder is missing or a template does not parse.
    struct Missing: Error, CustomStringConvertible {
        let what: String
        var description: String { "The web front-end's resources are incomplete: \(what)" }
    }

    /// The templates every page needs.
    static let templates = ["layout", "list", "list-results", "list-sections", "details", "details-body", "settings", "settings-body", "message"]

    /// The path of a folder copied into the bundle.
    static func directory(_ name: String) throws(Missing) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil) else {
            throw Missing(what: "the folder \(name)")
        }
        return url.path
    }

    /// Loads and checks the templates: a missing folder would otherwise load as an empty library.
    static func templateLibrary() async throws -> MustacheLibrary {
        let library = try await MustacheLibrary(directory: try directory("Templates"))
        for name in templates where library.getTemplate(named: name) == nil {
            throw Missing(what: "the template \(name)")
        }
        return library
    }
}
