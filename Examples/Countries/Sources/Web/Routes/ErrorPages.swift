import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Turns every error into an HTML page with the right status: 404 for
/// unknown routes, 4xx for bad requests, and a plain 500 page (the details go
/// to the log) for anything unexpected. Nothing a client sends crashes the server.
struct ErrorPages: RouterMiddleware {
    typealias Context = WebRequestContext
    let frontEnd: WebFrontEnd

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPResponseError {
            let status = error.status
            let message = (error as? HTTPError)?.body ?? Self.message(for: status)
            let html = await frontEnd.messagePage(status: status.code, title: status.reasonPhrase, message: message)
            return Response.html(html, status: status)
        } catch {
            context.logger.error("Unexpected error for \(request.method) \(request.uri.path): \(error)")
            let html = await frontEnd.messagePage(
                status: 500, title: "Internal Server Error", message: "Something went wrong on the server.")
            return Response.html(html, status: .internalServerError)
        }
    }

    private static func message(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 404: "There is no page here."
        case 403: "This form has expired. Reload the page and try again."
        case 413: "The request is too large."
        default: "The request could not be handled."
        }
    }
}

/// Headers that make every response safer: no inline script, no framing, no sniffing.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        return response
    }
}

extension Response {
    /// An HTML response that is never cached.
    static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The response for a front-end reply.
    static func reply(_ reply: WebFrontEnd.Reply) -> Response {
        switch reply {
        case .page(let status, let html):
            .html(html, status: HTTPResponse.Status(code: status))
        case .redirect(let location):
            .redirect(to: location, type: .normal)
        case .noContent:
            Response(status: .noContent)
        }
    }
}
