import HTTPTypes
import Hummingbird

/// Headers that make every response safer: no inline script or style, no
/// framing, no sniffing (Hummingbird's ``ContentSecurityMiddleware``), no
/// referrer outside the site, and nothing stored by caches unless a route
/// says otherwise.
public struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    private let contentSecurity = ContentSecurityMiddleware<Context>(contentSecurityPolicy: [
        .defaultSrc(.self), .scriptSrc(.self), .styleSrc(.self), .imgSrc(.self, "data:"),
        .frameAncestors(.none), .formAction(.self),
    ])

    /// The headers.
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await contentSecurity.handle(request, context: context, next: next)
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
