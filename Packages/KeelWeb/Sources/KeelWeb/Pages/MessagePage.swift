import Keel

/// A page that only says something: errors (404, 403, 400…) and refused requests.
///
/// Its words are the app's to translate: ``Voices/render(_:template:)``
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
