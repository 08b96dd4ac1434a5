import Foundation
import Keel
import KeelWebClient
import ReadingListDomain

/// Reads the reading list from its JSON web service, through Keel's
/// `WebClient` (the gear): the worker only says which call to make and how
/// the answer maps to the domain.
// snippet.worker
public struct BookWebWorker: BookWork {
    let client: WebClient
    let logbook: any Logbook

    public init(baseURL: URL, transport: any HTTPTransport = URLSessionTransport(), logbook: any Logbook) {
        client = WebClient(baseURL: baseURL, transport: transport)
        self.logbook = logbook
    }

    public func books() async throws(BookFizzle) -> [Book] {
        let answer = try await client.call(APICall(path: "books"), as: [BookDTO].self, logbook: logbook, failure: BookFizzle.self)
        return answer.map { Book(id: $0.id, title: $0.title, author: $0.author, isRead: $0.read ?? false) }
    }
}

/// A book as the service sends it.
struct BookDTO: Decodable {
    let id: Int
    let title: String
    let author: String
    let read: Bool?
}
// snippet.end
