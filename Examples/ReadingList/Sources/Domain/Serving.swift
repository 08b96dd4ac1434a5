import Keel

// The usecases: functions, not classes. Each has one stem: the `Serving`
// property `loadBooksAction`, the typealias `LoadBooksUsecase`, the file
// `App/Usecases/LoadBooks.swift` and the Vessel's function `loadBooks()`.
// A usecase is written in two places: its contract here (the doc of its
// requirement, and its signature), its body in its file.

/// What screens receive from the container: the read-only app state and the
/// usecases. The app's Vessel implements it; tests and previews build the
/// same Vessel with stand-in workers.
// snippet.serving
public protocol Serving: Sendable {
    var appState: Store<AppState> { get }
    /// Action: loads the reading list into ``AppState/books``: loading at
    /// once (keeping what was there), then loaded or failed; a load asked
    /// for while one runs joins it.
    var loadBooksAction: LoadBooksUsecase { get }
    /// Action: marks a book read (or unread again): one slice of the state
    /// changes, and only the screens that read that book (or the list) are
    /// told. A book that is not on the list fails with
    /// ``BookFizzle/unknownBook`` and changes nothing.
    var markReadAction: MarkReadUsecase { get }
    /// Action: the list as Markdown, a checklist to share; reads the state,
    /// changes nothing.
    var exportListAction: ExportListUsecase { get }
}

/// The signature of ``Serving/loadBooksAction``.
public typealias LoadBooksUsecase = @Sendable () async -> Void

/// The signature of ``Serving/markReadAction``.
public typealias MarkReadUsecase = @Sendable (_ id: Book.ID, _ isRead: Bool) throws(BookFizzle) -> Void

/// The signature of ``Serving/exportListAction``.
public typealias ExportListUsecase = @Sendable () -> String
// snippet.end
