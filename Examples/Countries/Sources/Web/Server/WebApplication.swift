import CountriesDomain
import CountriesPresentation
import Hummingbird
import KeelWeb
import Logging

/// Builds the web front-end of the Countries app over a container.
///
/// The pages are rendered from the same view models the SwiftUI views use;
/// each browser tab is a session with its own view models, and the app state
/// is the container's, shared by every tab. The country list follows the
/// database for as long as the server runs (``Serving/followCountriesQuery``).
///
/// - Parameters:
///   - service: The container (the app's `Vessel`; in tests, a raft).
///   - options: Where and how to serve.
///   - timeline: The timeline viewer's pages, served at `/timeline` (for development), if any.
///   - onRunning: Called with the bound port once the server listens.
public func buildWebApplication(
    service: any Serving, options: WebOptions = WebOptions(), timeline: TimelinePages? = nil,
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let logger = WebServer.logger(label: "countries.web", options: options)
    let catalog = try CountriesStrings.catalog()
    let frontEnd = try await WebFrontEnd(service: service, voices: WebResources.voices(catalog: catalog), options: options)
    let router = try buildRouter(frontEnd: frontEnd, options: options, logger: logger)
    timeline?.add(to: router)
    return WebServer.application(
        router: router, name: "countries", options: options, logger: logger,
        sweep: { frontEnd.sessions.sweep() }, services: [QueryService(service.followCountriesQuery)],
        onRunning: onRunning)
}

/// The routes, behind the error pages and the security headers.
func buildRouter(frontEnd: WebFrontEnd, options: WebOptions, logger: Logger) throws -> Router<WebRequestContext> {
    let router = try WebServer.router(
        context: WebRequestContext.self, publicDirectory: try WebResources.directory("Public"), logger: logger,
        serverHost: options.host
    ) { page in await frontEnd.messagePage(page) }
    // The routes by screen; each decodes, authorizes its tab, sends an event to the tab's scene, and answers.
    addListRoutes(to: router, frontEnd: frontEnd)
    addDetailsRoutes(to: router, frontEnd: frontEnd)
    addSettingsRoutes(to: router, frontEnd: frontEnd)
    addLiveRoutes(to: router, frontEnd: frontEnd, options: options)
    // The trivial route the load figures compare the pages with.
    router.get("health") { _, _ in "ok" }
    return router
}
