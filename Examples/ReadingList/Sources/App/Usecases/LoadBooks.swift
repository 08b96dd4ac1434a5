import Keel
import ReadingListDomain

// snippet.loadBooks
extension Vessel {
    public var loadBooksAction: LoadBooksUsecase { loadBooks }

    /// Loads the list into the state: loading at once (keeping what was
    /// there), then loaded or failed; a load asked for while one runs joins it.
    func loadBooks() async {
        _ = await store.load(at: { $0.books }, logbook: logbook) { [bookWork] in try await bookWork.books() }.value
    }
}
// snippet.end
