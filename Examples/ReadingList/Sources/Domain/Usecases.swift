// The usecases: functions, not classes. Each has one stem: the typealias
// `LoadBooksUsecase`, the `Serving` property `loadBooksAction`, the file
// `App/Usecases/LoadBooks.swift` and the Vessel's function `loadBooks()`.

// snippet.usecases
/// Action: loads the reading list into ``AppState/books``.
public typealias LoadBooksUsecase = @Sendable () async -> Void

/// Action: marks a book read (or unread again).
public typealias MarkReadUsecase = @Sendable (_ id: Book.ID, _ isRead: Bool) -> Void
// snippet.end
