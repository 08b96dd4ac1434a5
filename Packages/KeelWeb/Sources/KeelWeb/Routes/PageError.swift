import HTTPTypes
import Hummingbird
import Keel
import NIOCore

/// An error a route throws to answer with an error page that says `message`
/// in its reader's language: a key of the app's catalog, with its arguments.
///
/// ```swift
/// guard let country else { throw PageError(.notFound, "There is no country with the code \(code).") }
/// ```
///
/// ``ErrorPages`` renders it; without them, the answer is the message in the
/// catalog's source language, as plain text.
public struct PageError: HTTPResponseError, Sendable {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// What to tell the reader.
    public let message: LocalizedText

    /// An error page of `status` saying `message`.
    public init(_ status: HTTPResponse.Status, _ message: LocalizedText) {
        self.status = status
        self.message = message
    }

    /// The message as plain text, where no ``ErrorPages`` renders it.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message.description)))
    }
}
