import CountriesDomain
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// Builds the web front-end of the Countries app over a container.
///
/// The pages are rendered from the same view models the SwiftUI views use;
/// each browser tab is a session with its own view models, and the app state
/// is the container's, shared by every tab.
///
/// - Parameters:
///   - service: The container (a ``Vessel`` in the app, a ``Raft`` in tests).
///   - options: Where and how to serve.
///   - onRunning: Called with the bound port once the server listens.
public func buildWebApplication(
    service: any Serving, options: WebOptions = WebOptions(),
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "countries.web")
    logger.logLevel = options.logLevel
    let library = try await WebResources.templateLibrary()
    let frontEnd = await WebFrontEnd(service: service, library: library, options: options)
    let router = try buildRouter(frontEnd: frontEnd, options: options, logger: logger)
    return Application(
        router: router,
        configuration: .init(address: .hostname(options.host, port: options.port), serverName: "countries"),
        services: [SessionSweeper(frontEnd: frontEnd, interval: options.sweepInterval)],
        onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? options.port) },
        logger: logger)
}

/// The routes, behind the error pages and the security headers.
func buildRouter(frontEnd: WebFrontEnd, options: WebOptions, logger: Logger) throws -> Router<WebRequestContext> {
    let router = Router(context: WebRequestContext.self)
    // Middleware wraps only the routes added after it: add it first.
    router.add(middleware: SecurityHeaders())
    router.add(middleware: ErrorPages(frontEnd: frontEnd))
    router.add(middleware: FileMiddleware(
        try WebResources.directory("Public"), urlBasePath: "/static",
        cacheControl: CacheControl([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: false, logger: logger))
    addPageRoutes(to: router, frontEnd: frontEnd)
    addActionRoutes(to: router, frontEnd: frontEnd)
    addLiveRoutes(to: router, frontEnd: frontEnd, options: options)
    return router
}
