import HTTPTypes
import Hummingbird

/// The fields every state-changing form sends: the tab and its token.
protocol TabForm: Decodable, Sendable {
    var tab: String { get }
    var token: String { get }
}

/// A search typed in the list's field.
struct SearchForm: TabForm {
    let tab: String
    let token: String
    let q: String
}

/// A form with nothing but the tab and its token (refresh, details actions).
struct ActionForm: TabForm {
    let tab: String
    let token: String
}

/// The settings form: the region switch (a checkbox, absent when off) and the language.
struct SettingsForm: TabForm {
    let tab: String
    let token: String
    let showsRegion: String?
    let language: String
}

/// A tab becoming visible or hidden.
struct SceneForm: TabForm {
    let tab: String
    let token: String
    let active: String
}

extension Request {
    /// Decodes a URL-encoded form: malformed input is a 400, never a crash or a 500;
    /// a body over the size limit is a 413.
    func decodeForm<Form: TabForm>(_ type: Form.Type, context: WebRequestContext) async throws -> Form {
        guard headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true else {
            throw HTTPError(.unsupportedMediaType, message: "Forms must be sent as application/x-www-form-urlencoded.")
        }
        do {
            return try await decode(as: Form.self, context: context)
        } catch let error as HTTPResponseError {
            throw error
        } catch {
            throw HTTPError(.badRequest, message: "The form could not be read.")
        }
    }

    /// Whether the page's script sent the request (it wants no redirection).
    var isFromScript: Bool {
        headers[HTTPField.Name("X-Keel-Live")!] == "1"
    }
}
