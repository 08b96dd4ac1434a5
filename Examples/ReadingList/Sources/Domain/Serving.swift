import Keel

/// What screens receive from the container: the read-only app state and the
/// usecases. The app's Vessel implements it; tests and previews build the
/// same Vessel with stand-in workers.
// snippet.serving
public protocol Serving: Sendable {
    var appState: Store<AppState> { get }
    var loadBooksAction: LoadBooksUsecase { get }
    var markReadAction: MarkReadUsecase { get }
}
// snippet.end
