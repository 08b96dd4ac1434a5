import Observation

/// The shape of a Keel view model (article 003's convention).
///
/// A view model is a `final`, `@MainActor`, `@Observable` class owned by its
/// screen. Its state comes in two kinds:
///
/// - **shared state** that the view may bind to, declared `var` (a search
///   text field writes it directly);
/// - **own state**, declared `private(set) var`, that only the view model
///   changes, in answer to an ``Event`` sent by the view through ``send(_:)``.
///
/// <!-- snippet: Examples/ReadingList/Sources/Presentation/BookListViewModel.swift#viewModel -->
/// ```swift
/// @MainActor
/// @Observable
/// public final class BookListViewModel: ViewModel {
///     public enum Event: Sendable, Equatable {
///         case appeared
///         case retry
///         case toggleRead(Book.ID)
///     }
///
///     /// Shared state: the view binds a toggle to it.
///     public var hidesReadBooks = false
///
///     private let appState: Store<AppState>
///     private let loadBooks: LoadBooksUsecase
///     private let markRead: MarkReadUsecase
///     @ObservationIgnored private let tasks = OwnedTasks()
///
///     /// Takes what it needs from the container, and lets the container go.
///     public init(_ service: any Serving) {
///         appState = service.appState
///         loadBooks = service.loadBooksAction
///         markRead = service.markReadAction
///     }
///
///     public func send(_ event: Event) {
///         appState.record(event, from: "Book list") // in the store's timeline, when it keeps one
///         switch event {
///         case .appeared, .retry:
///             tasks.run("load") { [loadBooks] in await loadBooks() }
///         case .toggleRead(let id):
///             let isRead = allBooks.first { $0.id == id }?.isRead ?? false
///             do {
///                 try markRead(id, !isRead)
///                 problem = nil
///             } catch {
///                 problem = error.message  // `error` is a BookFizzle: the signature says so
///             }
///         }
///     }
///
///     /// Why the last thing the person did failed, in words for them; the
///     /// screen's own state, not the app's (another screen did not fail).
///     public private(set) var problem: LocalizedText?
///
///     /// The books to show: loaded, or the last ones while loading again.
///     public var books: [Book] { hidesReadBooks ? allBooks.filter { !$0.isRead } : allBooks }
///     /// A slice of the app state, observed: the screen follows its changes.
///     private var allBooks: [Book] { appState.read { $0.books }.value ?? [] }
///     public var isLoading: Bool { appState.read { $0.books }.isLoading }
///     public var errorMessage: LocalizedText? { appState.read { $0.books }.error?.message }
/// }
/// ```
///
/// A child view model that follows its parent's state receives it at init as
/// an asynchronous sequence (``ObservedValues`` of the parent's property, or a
/// store slice's ``Store/values(_:)``) and reacts to each value.
///
/// Tests swap the container a view model is built from, never the view model:
/// there is no view model protocol to mock, only this convention to follow.
@MainActor
public protocol ViewModel: AnyObject, Observable {
    /// What the view may ask for: the events of the screen.
    associatedtype Event

    /// Handles one event from the view; the only way the view changes the
    /// view model's own state.
    func send(_ event: Event)
}
