import Keel
import Observation
import ReadingListDomain

/// The list screen: the books, read or not, loaded when it appears, with a
/// retry when loading failed.
// snippet.viewModel
@MainActor
@Observable
public final class BookListViewModel: ViewModel {
    public enum Event: Sendable, Equatable {
        case appeared
        case retry
        case toggleRead(Book.ID)
    }

    /// Shared state: the view binds a toggle to it.
    public var hidesReadBooks = false

    private let appState: Store<AppState>
    private let loadBooks: LoadBooksUsecase
    private let markRead: MarkReadUsecase
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Takes what it needs from the container, and lets the container go.
    public init(_ service: any Serving) {
        appState = service.appState
        loadBooks = service.loadBooksAction
        markRead = service.markReadAction
    }

    public func send(_ event: Event) {
        appState.record(event, from: "Book list") // in the store's timeline, when it keeps one
        switch event {
        case .appeared, .retry:
            tasks.run("load") { [loadBooks] in await loadBooks() }
        case .toggleRead(let id):
            let isRead = allBooks.first { $0.id == id }?.isRead ?? false
            do {
                try markRead(id, !isRead)
                problem = nil
            } catch {
                problem = error.message  // `error` is a BookFizzle: the signature says so
            }
        }
    }

    /// Why the last thing the person did failed, in words for them; the
    /// screen's own state, not the app's (another screen did not fail).
    public private(set) var problem: LocalizedText?

    /// The books to show: loaded, or the last ones while loading again.
    public var books: [Book] { hidesReadBooks ? allBooks.filter { !$0.isRead } : allBooks }
    /// A slice of the app state, observed: the screen follows its changes.
    private var allBooks: [Book] { appState.read { $0.books }.value ?? [] }
    public var isLoading: Bool { appState.read { $0.books }.isLoading }
    public var errorMessage: LocalizedText? { appState.read { $0.books }.error?.message }
}
// snippet.end
