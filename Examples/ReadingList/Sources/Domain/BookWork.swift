/// Reads the reading list from wherever it is kept; implemented by a worker
/// in Data, so that Domain depends on no library.
// snippet.work
public protocol BookWork: Sendable {
    /// Every book on the list.
    func books() async throws(BookFizzle) -> [Book]
}
// snippet.end
