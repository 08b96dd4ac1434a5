import Hummingbird
import Logging

/// Logs each request's method and path at debug level, and nothing else:
/// not its query (tab ids, searches), headers (the browser cookie) or body
/// (forms, which can hold secrets). Hummingbird's `LogRequestsMiddleware`
/// logs the whole URI, query included.
struct RequestLog<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.debug("\(request.method) \(request.uri.path)")
        return try await next(request, context)
    }
}
