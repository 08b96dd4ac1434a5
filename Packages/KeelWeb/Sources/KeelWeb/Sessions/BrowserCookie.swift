import HTTPTypes
import Hummingbird

/// A request context that knows which browser sent the request.
public protocol BrowserRequestContext: RequestContext {
    /// The id of the browser that sent the request, from its session cookie
    /// (set by ``BrowserCookie``); `nil` where no such middleware runs.
    var browser: String? { get set }
}

/// The name of the browser's session cookie.
public enum BrowserCookieName {
    /// `keel-browser`.
    public static let value = "keel-browser"
}

/// Gives every browser a random id in a session cookie (`HttpOnly`,
/// `SameSite=Strict`, no expiry) and puts it in the request context.
///
/// Tab sessions made with that id (``SessionRegistry/session(_:browser:)``)
/// answer that browser only: a tab's URL copied into another browser finds
/// no session, and a request another site makes the browser send carries no
/// cookie (`SameSite=Strict`). Scripts cannot read the cookie (`HttpOnly`).
///
/// A link from another site opens a page without the cookie too: that
/// request (`Sec-Fetch-Site: cross-site`) gets an id of its own for the
/// moment, and the browser's cookie is not replaced, so that its open tabs
/// keep their sessions. Cookies are per host, not per port: other servers
/// on the same host see this cookie.
public struct BrowserCookie<Context: BrowserRequestContext>: RouterMiddleware {
    /// The middleware.
    public init() {}

    /// Reads the browser's id, or gives it one.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let value = request.cookies[BrowserCookieName.value]?.value, Self.isWellFormed(value) {
            context.browser = value
            return try await next(request, context)
        }
        let value = TabToken.random()
        context.browser = value
        var response = try await next(request, context)
        if request.headers[Self.fetchSite] != "cross-site" {
            response.setCookie(Cookie(name: BrowserCookieName.value, value: value, path: "/", httpOnly: true, sameSite: .strict))
        }
        return response
    }

    /// Whether `value` looks like an id this middleware made (32 hex digits).
    static func isWellFormed(_ value: String) -> Bool {
        value.utf8.count == 32 && value.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// The header a browser says where a request comes from with.
    static var fetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }
}
