import Foundation
import KeelWeb
import Mustache

/// The templates and static files shipped with the Countries front-end.
enum WebResources {
    /// The templates every page needs.
    static let templates = ["layout", "list", "list-results", "list-sections", "details", "details-body", "settings", "settings-body", "message"]

    /// The path of a folder copied into the bundle.
    static func directory(_ name: String) throws -> String {
        try TemplateLibrary.directory(name, in: .module)
    }

    /// Loads and checks the templates.
    static func templateLibrary() async throws -> MustacheLibrary {
        try await TemplateLibrary.load(directory: try directory("Templates"), required: templates)
    }
}
