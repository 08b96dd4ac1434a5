import HTTPTypes
import Hummingbird
import Keel
import NIOCore

/// An HTTP error whose page tells its reader why, in their language.
///
/// Its message is a key of the app's catalog with its arguments, written
/// like a string:
///
/// ```swift
/// guard let country else { throw PageError(.notFound, message: "There is no country with the code \(code).") }
/// ```
///
/// ``ErrorPages`` shows it in the language the request asks for, or in
/// ``language`` when the route knows its reader's (a tab's choice).
/// Without ``ErrorPages``, the answer is the message in the catalog's
/// source language, as plain text.
public struct PageError: HTTPResponseError, Sendable {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// What to tell the reader.
    public let message: LocalizedText
    /// The reader's language, when the route knows it better than the
    /// request's `Accept-Language`.
    public let language: String?

    /// An error page of `status` saying `message`, in `language` if given.
    public init(_ status: HTTPResponse.Status, message: LocalizedText, language: String? = nil) {
        self.status = status
        self.message = message
        self.language = language
    }

    /// The message as plain text, where no ``ErrorPages`` renders it.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message.description)))
    }
}
