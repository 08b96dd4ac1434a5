import ReadingListDomain

// snippet.markRead
extension Vessel {
    public var markReadAction: MarkReadUsecase { markRead }

    /// A loadable's `value` is a computed step: to find the screens that read
    /// the book, the store compares every slice observed (cheap for a list; a
    /// hot path writes a stored property).
    func markRead(_ id: Book.ID, _ isRead: Bool) {
        store.update(at: { $0.books.value }) { books in
            guard let index = books?.firstIndex(where: { $0.id == id }) else { return }
            books?[index].isRead = isRead
        }
    }
}
// snippet.end
