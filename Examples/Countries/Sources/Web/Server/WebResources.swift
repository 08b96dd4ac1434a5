import CountriesPresentation
import Foundation
import Keel
import KeelCatalog
import KeelWeb
import Mustache

/// The templates, words and static files shipped with the Countries front-end.
enum WebResources {
    /// The templates every page needs.
    static let templates = ["layout", "list", "list-results", "list-sections", "details", "details-body", "settings", "settings-body", "message"]

    /// The path of a folder copied into the bundle.
    static func directory(_ name: String) throws -> String {
        try TemplateLibrary.directory(name, in: .module)
    }

    /// The front-end in each language of the app's catalog, checked: every
    /// template there, every word they name in the catalog.
    @MainActor
    static func voices(catalog: StringCatalog) throws -> Voices {
        try Voices(directory: try directory("Templates"), required: templates, catalog: catalog)
    }
}
