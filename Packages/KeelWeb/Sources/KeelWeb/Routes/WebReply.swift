import HTTPTypes
import Hummingbird

/// What a request to a front-end gets back.
public enum WebReply: Sendable {
    /// An HTML page with a status.
    case page(status: Int, html: String)
    /// A redirection after a form (303 See Other).
    case redirect(String)
    /// Nothing to show: a request made by the page's script.
    case noContent
}

extension Response {
    /// An HTML response that is never cached.
    public static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The response for a front-end's reply.
    public static func reply(_ reply: WebReply) -> Response {
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
