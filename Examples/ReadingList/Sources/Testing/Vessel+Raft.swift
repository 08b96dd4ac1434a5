import Keel
import ReadingListApp
import ReadingListDomain

// snippet.raft
extension Vessel {
    /// The app's container over a stand-in worker serving `books`, from
    /// `state`: for tests and previews, never in a release build.
    public static func raft(state: AppState = AppState(), books: [Book] = Book.samples) -> Vessel {
        Vessel(state: state, bookWork: FixtureBooks(books), logbook: SilentLogbook())
    }
}

/// A worker that serves the books it was given.
public struct FixtureBooks: BookWork {
    let all: [Book]
    public init(_ books: [Book]) { all = books }
    public func books() async throws(BookFizzle) -> [Book] { all }
}

extension Book {
    public static let samples = [
        Book(id: 1, title: "The Pragmatic Programmer", author: "Andrew Hunt, David Thomas"),
        Book(id: 2, title: "채식주의자", author: "한강", isRead: true),
    ]
}
// snippet.end
