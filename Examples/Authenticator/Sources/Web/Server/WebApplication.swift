import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelCatalog
import KeelWeb
import Logging
import Mustache

/// The templates and static files shipped with the Authenticator front-end.
enum WebResources {
    /// The templates every page needs.
    static let templates = ["layout", "unlock", "list", "list-rows", "add", "import", "export", "settings", "message"]

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

/// Builds the web front-end of the Authenticator over a container.
///
/// The pages are rendered from the same view models the SwiftUI views use;
/// each browser tab is a session with its own view models, and the app
/// state (the lock, the accounts, the settings) is the container's, shared
/// by every tab.
///
/// - Parameters:
///   - service: The container (a `Vessel`: for a phase in the app, a raft in tests).
///   - options: Where and how to serve.
///   - timeline: The timeline viewer's pages, served at `/timeline` (for development), if any.
///   - onRunning: Called with the bound port once the server listens.
public func buildWebApplication(
    service: any Serving, options: WebOptions = WebOptions(port: 8081), timeline: TimelinePages? = nil,
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let logger = WebServer.logger(label: "authenticator.web", options: options)
    let frontEnd = try await AuthenticatorFrontEnd(service: service, options: options)
    let router = try WebServer.router(
        context: WebRequestContext.self, publicDirectory: try WebResources.directory("Public"), logger: logger,
        serverHost: options.host, browserCookie: true
    ) { page in await frontEnd.messagePage(page) }
    // The routes by screen; each decodes, authorizes its tab, drives the tab's scene, and answers.
    addUnlockRoutes(to: router, frontEnd: frontEnd)
    addListRoutes(to: router, frontEnd: frontEnd)
    addAddRoutes(to: router, frontEnd: frontEnd)
    addEditRoutes(to: router, frontEnd: frontEnd)
    addImportRoutes(to: router, frontEnd: frontEnd)
    addExportRoutes(to: router, frontEnd: frontEnd)
    addSettingsRoutes(to: router, frontEnd: frontEnd)
    addLiveRoutes(to: router, frontEnd: frontEnd)
    // The trivial route the load figures compare the pages with.
    router.get("health") { @MainActor _, _ in "ok" }
    timeline?.add(to: router)
    return WebServer.application(
        router: router, name: "authenticator", options: options, logger: logger,
        sweep: { frontEnd.sweep() }, services: [CodeTicker(frontEnd: frontEnd)], onRunning: onRunning)
}

extension AuthenticatorFrontEnd {
    /// The front-end of `service`, with the app's catalog and its templates in each of its languages.
    convenience init(service: any Serving, options: WebOptions) throws {
        self.init(service: service, voices: try WebResources.voices(catalog: try AuthenticatorStrings.catalog()), options: options)
    }
}
