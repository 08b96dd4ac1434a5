import ReadingListDomain

// snippet.exportList
extension Vessel {
    public var exportListAction: ExportListUsecase { exportList }

    /// Reads one slice, as a screen does, but without observing it: a
    /// usecase runs once, on request.
    func exportList() -> String {
        let books = store.read { $0.books }.value ?? []
        return books.map { "- [\($0.isRead ? "x" : " ")] \($0.title), \($0.author)" }.joined(separator: "\n")
    }
}
// snippet.end
