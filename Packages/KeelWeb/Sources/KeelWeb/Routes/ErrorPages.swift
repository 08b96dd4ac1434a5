import HTTPTypes
import Hummingbird
import Keel
import Logging

/// Turns every error into an HTML page with the right status: 404 for
/// unknown routes, 4xx for bad requests, and a plain 500 page (the details go
/// to the log) for anything unexpected. Nothing a client sends crashes the server.
///
/// A page's words are keys of the app's catalog, so that it can be shown in
/// its reader's language (``Voices/render(_:withTemplate:)``): its title (the
/// status's reason phrase), KeelWeb's own messages (``MessagePage/catalogKeys``), the
/// message of a ``PageError``, and the message of an `HTTPError`, which is
/// shown as it is when the catalog lacks it.
public struct ErrorPages<Context: RequestContext>: RouterMiddleware {
    /// Renders a message page in the app's look.
    let render: @Sendable (MessagePage) async -> String
    /// Where the message pages link to.
    let home: String

    /// Error pages rendered by `render`, linking to `home`.
    public init(home: String = "/", render: @escaping @Sendable (MessagePage) async -> String) {
        self.home = home
        self.render = render
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPResponseError {
            let status = error.status
            let message = (error as? PageError)?.message
                ?? (error as? HTTPError)?.body.map { LocalizedText(key: $0) }
                ?? Self.message(for: status)
            let languages = ((error as? PageError)?.language).map { [$0] } ?? request.acceptedLanguages
            let html = await render(MessagePage(
                title: LocalizedText(key: status.reasonPhrase), status: status.code, message: message, home: home,
                languages: languages))
            var response = Response.html(html, status: status)
            // A redirection thrown as an error (such as to an unlock page) keeps its location.
            if let location = (error as? HTTPError)?.headers[.location] { response.headers[.location] = location }
            return response
        } catch {
            // The error's description may hold what the request sent: only its type goes to the log.
            context.logger.error("Unexpected error for \(request.method) \(request.uri.path): \(type(of: error))")
            let html = await render(MessagePage(
                title: "Internal Server Error", status: 500, message: "Something went wrong on the server.", home: home,
                languages: request.acceptedLanguages))
            return Response.html(html, status: .internalServerError)
        }
    }

    private static func message(for status: HTTPResponse.Status) -> LocalizedText {
        switch status.code {
        case 404: "There is no page here."
        case 403: "This form has expired. Reload the page and try again."
        case 413: "The request is too large."
        default: "The request could not be handled."
        }
    }
}
