import Foundation
import Hummingbird

/// Refuses, with a 400 page, a request whose path does not decode to text a
/// file name can hold: a malformed percent-escape (`%G1`) or a control
/// character (`%00`, `%0A`).
///
/// The static files' middleware decodes the path and opens the file it names:
/// the file system stops reading a name at a NUL, so that
/// `/static/app.css%00.js` would open `app.css` and label it, by the name's
/// end, as a script. No route or file has such a name; none is looked for.
public struct PathCheck<Context: RequestContext>: RouterMiddleware {
    /// The check.
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.accepts(path: request.uri.path) else {
            throw PageError(.badRequest, message: "The address could not be read.")
        }
        return try await next(request, context)
    }

    /// Whether `path` (as sent, percent-encoded) decodes, and holds no control character.
    public static func accepts(path: String) -> Bool {
        // Without an escape the path is its own decoding: every request pays
        // for this check, and Foundation's decoding is not cheap.
        let decoded = path.utf8.contains(UInt8(ascii: "%")) ? path.removingPercentEncoding : path
        guard let decoded else { return false }
        return !decoded.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
