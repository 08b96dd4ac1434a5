// The samples of the kit's documentation (doc comments and DocC articles),
// compiled and run here: each lies between `// snippet.NAME` and
// `// snippet.end`, and Scripts/check-docs.sh checks that the docs show it
// as it is here.
import Foundation
import Keel
import KeelWebClient
import KeelTimeline
import KeelTesting
import Observation
import ReadingListApp
import ReadingListData
import ReadingListDomain
import ReadingListPresentation
import ReadingListTesting
import Testing

// MARK: Workers and their mocks

// snippet.answers
struct MockBookWork: BookWork {
    let answers = Answers<Result<[Book], BookFizzle>>(.failure(.offline), .success(Book.samples))
    func books() async throws(BookFizzle) -> [Book] { try answers.next().get() }
}
// snippet.end

// snippet.callRecorder
struct RecordingBookWork: BookWork {
    enum Call: Equatable, Sendable { case books }
    let calls = CallRecorder<Call>()
    let answers = Answers<Result<[Book], BookFizzle>>(.success([]))

    func books() async throws(BookFizzle) -> [Book] {
        calls.record(.books)
        return try answers.next().get()
    }
}
// snippet.end

/// Counts the calls it receives, from any thread.
// snippet.locked
struct CountingBookWork: BookWork {
    let count = Locked(0)
    func books() async throws(BookFizzle) -> [Book] {
        count.withLock { $0 += 1 }
        return []
    }
}
// snippet.end

/// A refresh shared by its callers, as a usecase would write it.
struct Refresher: Sendable {
    let store: MutableStore<AppState>
    let bookWork: any BookWork
    // snippet.sharedRun
    let refreshes = SharedRun<Void>()

    func refreshBooks() async {
        await refreshes.run { [store, bookWork] isLatest in
            let books = try? await bookWork.books()
            if isLatest(), let books { store.update { $0.books = .loaded(books) } }
        }
    }
    // snippet.end
}

// MARK: View models

/// The details of one book, loaded on its own.
// snippet.loader
@MainActor
@Observable
final class BookDetailsViewModel {
    enum Event { case load, cancel }
    let details = Loader<Book>()
    private let loadBook: @Sendable () async throws -> Book

    init(loadBook: @escaping @Sendable () async throws -> Book) { self.loadBook = loadBook }

    func send(_ event: Event) {
        switch event {
        case .load: details.load { [loadBook] in try await loadBook() }
        case .cancel: details.cancel()
        }
    }
}
// snippet.end

/// Searches as the person types; a new search cancels the last.
@MainActor
@Observable
final class BookSearchViewModel {
    enum Event { case search(String) }
    private(set) var matches: [Book] = []
    private let search: @Sendable (String) async -> [Book]
    // snippet.ownedTasks
    @ObservationIgnored private let tasks = OwnedTasks()

    func send(_ event: Event) {
        switch event {
        case .search(let text):
            tasks.run("search") { @MainActor [weak self, search] in
                let found = await search(text)
                guard !Task.isCancelled else { return }
                self?.matches = found
            }
        }
    }
    // snippet.end

    init(search: @escaping @Sendable (String) async -> [Book]) { self.search = search }
}

/// Suggestions that follow the text of their parent's search field.
@MainActor
@Observable
final class SuggestionsViewModel {
    private(set) var suggestions: [String] = []

    func follow(_ parent: SearchFieldModel, complete: (String) -> [String]) async {
        // snippet.observedValues
        for await text in ObservedValues({ parent.text }) {
            suggestions = complete(text)
        }
        // snippet.end
    }
}

/// A search field's text, shared with the view.
@MainActor
@Observable
final class SearchFieldModel {
    var text = ""
}

@Suite("The kit's doc samples", .timeLimit(.minutes(1)))
@MainActor
struct KitSamples {
    @Test("Answers: a failure, then the books, then the books again")
    func answers() async throws {
        let mock = MockBookWork()
        await #expect(throws: BookFizzle.offline) { try await mock.books() }
        #expect(try await mock.books() == Book.samples)
        #expect(try await mock.books() == Book.samples)
        // snippet.answersSet
        mock.answers.set(.success([]))   // from now on
        // snippet.end
        #expect(try await mock.books() == [])
    }

    @Test("CallRecorder: the calls a mock received")
    func callRecorder() async throws {
        let mock = RecordingBookWork()
        _ = try await mock.books()
        // snippet.callRecorderExpect
        mock.calls.expect([.books])
        // snippet.end
    }

    @Test("Locked counts calls from many tasks")
    func locked() async {
        let work = CountingBookWork()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { _ = try? await work.books() } }
        }
        #expect(work.count.withLock { $0 } == 20)
    }

    @Test("SharedRun: a refresh asked for twice loads once")
    func sharedRun() async {
        let work = RecordingBookWork()
        let refresher = Refresher(store: MutableStore(AppState()), bookWork: work)
        async let first: Void = refresher.refreshBooks()
        async let second: Void = refresher.refreshBooks()
        _ = await (first, second)
        #expect((1...2).contains(work.calls.calls.count), "a caller that came while the first ran joined it")
        #expect(refresher.store.state.books == .loaded([]))
    }

    @Test("APICall and WebClient, against HTTPMock")
    func webClient() async throws {
        // snippet.httpMock
        let mock = HTTPMock()
        mock.register(.get, "https://books.test/v1/books", with: .text(#"[{"id": 1, "title": "Dune", "author": "Frank Herbert"}]"#))
        let client = WebClient(baseURL: URL(string: "https://books.test/v1")!, transport: mock)
        let books = try await client.call(APICall(path: "books"), as: [BookJSON].self)
        #expect(books.map(\.title) == ["Dune"])
        #expect(mock.requests.map(\.url.path) == ["/v1/books"])
        // snippet.end
        // snippet.apiCall
        let all = APICall(path: "books", query: [URLQueryItem(name: "sort", value: "title")])
        let create = try APICall(.post, path: "books", json: BookJSON(id: 3, title: "Solaris", author: "Stanisław Lem"))
        // snippet.end
        #expect(all.path == "books")
        #expect(create.method == .post)
        // snippet.responses
        let responses: [HTTPMock.Response] = [
            .status(404),
            try .json(BookJSON(id: 1, title: "Dune", author: "Frank Herbert")),
            .text("{ not json"),
            .failure(.notConnectedToInternet),
            try .json([BookJSON]()).delayed(by: .seconds(10)),
        ]
        // snippet.end
        #expect(responses.count == 5)
        // snippet.registerSequence
        mock.register(.get, "https://books.test/v1/books", with: .status(500), .text("[]"))  // 500, then 200 forever
        // snippet.end
        await #expect(throws: WebError.self) { _ = try await client.call(APICall(path: "books"), as: [BookJSON].self) }
        #expect(try await client.call(APICall(path: "books"), as: [BookJSON].self).isEmpty)
    }

    @Test("Loadable: what a screen shows for each state")
    func loadable() {
        // snippet.loadable
        func status(of books: Loadable<[Book]>) -> LocalizedText {
            switch books {
            case .notRequested: "Not loaded yet"
            case .loading(let last): last == nil ? "Loading…" : "Updating…"
            case .loaded(let books): "\(books.count) books"
            case .failed(let fizzle, _): fizzle.message
            }
        }
        // snippet.end
        #expect(status(of: .loaded(Book.samples)) == "\(2) books")
        #expect(status(of: .loaded(Book.samples)).description == "2 books")
        #expect(status(of: .failed(BookFizzle.offline, last: nil)) == BookFizzle.offline.message)
    }

    @Test("The store: reads, updates, value streams")
    func store() async {
        let store = MutableStore(AppState())
        store.update { $0.books = .loaded(Book.samples) }
        let appState = store.readOnly
        // snippet.storeUpdates
        store.update { $0.books = .loaded(Book.samples) }                  // the whole state: notifies once
        store.update(at: { $0.books.value }) { $0?[0].isRead = true }      // one slice
        // snippet.end
        // snippet.storeReads
        let count = appState.read { $0.books }.value?.count ?? 0  // inside SwiftUI, tracks this slice only
        for await books in appState.values({ $0.books }) where !books.isLoading {
            print(books.value?.count ?? 0)                          // now, and after each change
            break
        }
        // snippet.end
        #expect(count == 2)
        #expect(appState.state.books.value?[0].isRead == true)
    }

    @Test("Loader: a load the view model owns, cancelled for real")
    func loader() async {
        let viewModel = BookDetailsViewModel { Book.samples[0] }
        await settle { viewModel.send(.load) }
        #expect(viewModel.details.state == .loaded(Book.samples[0]))
    }

    @Test("OwnedTasks: the last search wins")
    func ownedTasks() async {
        let viewModel = BookSearchViewModel { text in Book.samples.filter { $0.title.contains(text) } }
        await settle {
            viewModel.send(.search("P"))
            viewModel.send(.search("채식"))
        }
        #expect(viewModel.matches.map(\.id) == [2])
    }

    @Test("settle, waitUntil, ObservationCounter, StateRecorder")
    func testingTools() async throws {
        let raft = Vessel.raft()
        let viewModel = BookListViewModel(raft)
        // snippet.settle
        await settle { viewModel.send(.appeared) }
        #expect(viewModel.errorMessage == nil)
        // snippet.end
        let search = BookSearchViewModel { text in Book.samples.filter { $0.title.contains(text) } }
        // snippet.waitUntil
        search.send(.search("채식"))
        await waitUntil { search.matches.count == 1 }   // the search has answered
        // snippet.end
        // snippet.observationCounter
        let counter = ObservationCounter { MainActor.assumeIsolated { _ = search.matches } }
        try raft.markReadAction(1, true)    // the app state changes, not the search's own state
        #expect(counter.count == 0)
        // snippet.end
        // snippet.stateRecorder
        let recorder = StateRecorder(raft.appState)
        await raft.loadBooksAction()
        recorder.expect(
            { $0.books = .loading(last: $0.books.value) },
            { $0.books = .loaded(Book.samples) }
        )
        // snippet.end
    }

    @Test("waitForTasks: a web route renders what an action led to")
    func waitForTasks() async {
        let viewModel = BookListViewModel(Vessel.raft())
        // snippet.waitForTasks
        await OwnedTasks.waitForTasks { viewModel.send(.appeared) }
        let page = viewModel.books.map(\.title).joined(separator: "\n")
        // snippet.end
        #expect(page.contains("채식주의자"))
    }
}

/// A book as a JSON API sends it, for the samples.
struct BookJSON: Codable, Sendable {
    let id: Int
    let title: String
    let author: String
}

// MARK: The timeline

@Suite("The timeline's sample", .timeLimit(.minutes(1)))
@MainActor
struct TimelineSample {
    @Test("a session's timeline reads as a person would tell it")
    func session() async throws {
        // snippet.timeline
        let vessel = Vessel(bookWork: MockBookWork(), timeline: 500) // offline first, then the samples
        let screen = BookListViewModel(vessel)
        await settle { screen.send(.appeared) }
        await settle { screen.send(.retry) }
        screen.send(.toggleRead(Book.samples[0].id))

        for entry in vessel.appState.timeline.entries { print(entry) }
        // Book list sent appeared
        // loadBooks() → books: notRequested → loading(last: nil)
        // loadBooks() → books: loading(last: nil) → failed(offline, last: nil)
        // Book list sent retry
        // …
        // Book list sent toggleRead(1)
        // markRead(_:_:) → books.loaded[0].isRead: false → true
        // snippet.end
        let lines = vessel.appState.timeline.entries.map(\.description)
        #expect(lines.count == 8)
        #expect(lines.first == "Book list sent appeared")
        #expect(lines[1] == "loadBooks() → books: notRequested → loading(last: nil)")
        #expect(lines[2].hasPrefix("loadBooks() → books: loading(last: nil) → failed("))
        #expect(lines[3] == "Book list sent retry")
        #expect(lines[6] == "Book list sent toggleRead(\(Book.samples[0].id))")
        #expect(lines.last == "markRead(_:_:) → books.loaded[0].isRead: false → true")
    }

    @Test("the viewer's view model filters the entries and rewinds the state")
    func viewer() async {
        let books = Book.samples
        // snippet.timelineViewer
        let store = MutableStore(AppState(), timeline: 500)
        let viewer = TimelineViewModel(store: store) // what KeelWeb's page and KeelSwiftUI's view render
        store.update { $0.books = .loaded(books) }
        viewer.send(.filter("books"))                // the entries of a usecase, a screen or a slice
        viewer.send(.rewind(to: 0))                  // the state before the first entry
        // snippet.end
        #expect(viewer.entries.count == 1)
        #expect(store.state == AppState())
        viewer.send(.latest)
        #expect(store.state.books.value == books)
    }
}
