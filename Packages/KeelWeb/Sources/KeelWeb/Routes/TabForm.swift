import HTTPTypes
import Hummingbird

/// The fields every state-changing form sends: the tab and its token.
public protocol TabForm: Decodable, Sendable {
    /// The tab's id.
    var tab: String { get }
    /// The tab's token.
    var token: String { get }
}

/// A form with nothing but the tab and its token: a button that posts.
public struct ButtonForm: TabForm {
    public let tab: String
    public let token: String
}

extension Request {
    /// Decodes a URL-encoded form: malformed input is a 400, never a crash or a 500;
    /// a body over `limit` bytes (by default the context's size limit) is a 413.
    public func decodeForm<Form: Decodable, Context: RequestContext>(
        _ type: Form.Type, context: Context, limit: Int? = nil
    ) async throws -> Form {
        guard headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true else {
            throw PageError(.unsupportedMediaType, message: "Forms must be sent as application/x-www-form-urlencoded.")
        }
        let body: ByteBuffer
        do {
            body = try await self.body.collect(upTo: limit ?? context.maxUploadSize)
        } catch {
            throw HTTPError(.contentTooLarge)
        }
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: String(buffer: body))
        } catch {
            throw PageError(.badRequest, message: "The form could not be read.")
        }
    }

    /// Whether the page's script sent the request (it wants no redirection).
    public var isFromScript: Bool {
        headers[HTTPField.Name("X-Keel-Live")!] == "1"
    }
}

extension SessionRegistry {
    /// The session of a form whose token is right, sent by the session's
    /// browser; a 403 otherwise.
    public func authorize(_ form: some TabForm, browser: String? = nil) throws -> TabSession<Screens> {
        try authorize(tab: form.tab, token: form.token, browser: browser)
    }

    /// The session `tab` of `browser` if `token` is its token; a 403 otherwise.
    public func authorize(tab: String, token: String, browser: String? = nil) throws -> TabSession<Screens> {
        guard let session = existing(tab, browser: browser), session.accepts(token: token) else {
            throw PageError(.forbidden, message: "This page has expired. Reload it and try again.")
        }
        return session
    }
}
