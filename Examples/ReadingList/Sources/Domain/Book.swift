/// A book on the reading list.
// snippet.book
public struct Book: Identifiable, Equatable, Sendable {
    public let id: Int
    public var title: String
    public var author: String
    public var isRead: Bool

    public init(id: Int, title: String, author: String, isRead: Bool = false) {
        (self.id, self.title, self.author, self.isRead) = (id, title, author, isRead)
    }
}
// snippet.end
