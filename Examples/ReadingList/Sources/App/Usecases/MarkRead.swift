import ReadingListDomain

// snippet.markRead
extension Vessel {
    public var markReadAction: MarkReadUsecase { markRead }

    /// A loadable's `value` is a computed step: to find the screens that read
    /// the book, the store compares every slice observed (cheap for a list; a
    /// hot path writes a stored property). A closure that throws names its
    /// error type (`books throws(BookFizzle) in`): Swift infers `any Error` otherwise.
    func markRead(_ id: Book.ID, _ isRead: Bool) throws(BookFizzle) {
        try store.update(at: { $0.books.value }) { books throws(BookFizzle) in
            guard let index = books?.firstIndex(where: { $0.id == id }) else { throw .unknownBook }
            books?[index].isRead = isRead
        }
    }
}
// snippet.end
