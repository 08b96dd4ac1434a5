import Keel
import ReadingListDomain

// snippet.loadBooks
extension Vessel {
    public var loadBooksAction: LoadBooksUsecase { loadBooks }

    func loadBooks() async {
        _ = await store.load(at: { $0.books }, logbook: logbook) { [bookWork] in try await bookWork.books() }.value
    }
}
// snippet.end
