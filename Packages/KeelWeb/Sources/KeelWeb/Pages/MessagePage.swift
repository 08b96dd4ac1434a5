/// A page that only says something: errors (404, 403, 400…) and refused requests.
public struct MessagePage: Sendable {
    /// The page's title, such as the status's reason phrase.
    public let title: String
    /// The HTTP status.
    public let status: Int
    /// What to tell the user.
    public let message: String
    /// Where to go from here.
    public let home: String

    /// A page saying `message`.
    public init(title: String, status: Int, message: String, home: String) {
        self.title = title
        self.status = status
        self.message = message
        self.home = home
    }
}
