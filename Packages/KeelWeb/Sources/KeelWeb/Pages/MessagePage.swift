import HTTPTypes
import Keel

/// A page that only says something: errors (404, 403, 400…) and refused requests.
///
/// Its words are the app's to translate: ``Voices/render(_:withTemplate:)``
/// shows it in the language its reader asked for.
public struct MessagePage: Sendable {
    /// The page's title, such as the status's reason phrase ("Not Found").
    public let title: LocalizedText
    /// The HTTP status.
    public let status: Int
    /// What to tell the user.
    public let message: LocalizedText
    /// Where to go from here.
    public let home: String
    /// The languages the reader asked for, best first (`Accept-Language`).
    public let languages: [String]

    /// A page saying `message`, for a reader of `languages`.
    public init(title: LocalizedText, status: Int, message: LocalizedText, home: String, languages: [String] = []) {
        self.title = title
        self.status = status
        self.message = message
        self.home = home
        self.languages = languages
    }
}

extension MessagePage {
    /// The words KeelWeb itself puts on error pages: the reason phrases of the
    /// statuses its routes and Hummingbird's answer with, and its messages.
    /// An app's catalog holds them to show those pages in its languages.
    public static let catalogKeys: [String] = {
        let statuses: [HTTPResponse.Status] = [
            .seeOther, .badRequest, .forbidden, .notFound, .methodNotAllowed, .contentTooLarge, .uriTooLong,
            .unsupportedMediaType, .rangeNotSatisfiable, .internalServerError,
        ]
        return statuses.map(\.reasonPhrase) + [
            "There is no page here.", "This form has expired. Reload the page and try again.", "The request is too large.",
            "The request could not be handled.", "Something went wrong on the server.",
            "The address could not be read.", "The form could not be read.",
            "Forms must be sent as application/x-www-form-urlencoded.", "This page has expired. Reload it and try again.",
        ]
    }()
}
