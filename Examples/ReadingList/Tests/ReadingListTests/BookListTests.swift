import Foundation
import Keel
import KeelTesting
import ReadingListApp
import ReadingListData
import ReadingListDomain
import ReadingListPresentation
import ReadingListTesting
import Testing

@Suite("The reading list", .timeLimit(.minutes(1)))
@MainActor
struct BookListTests {
    // snippet.testHTTP
    @Test("the list shows the books the service sends")
    func loads() async {
        let http = HTTPMock()
        http.register(.get, "https://books.test/books", with: .text(#"[{"id": 1, "title": "Dune", "author": "Frank Herbert"}]"#))
        let vessel = Vessel(bookWork: BookWebWorker(baseURL: URL(string: "https://books.test")!, transport: http, logbook: MemoryLogbook()))
        let viewModel = BookListViewModel(vessel)

        await settle { viewModel.send(.appeared) }

        #expect(viewModel.books.map(\.title) == ["Dune"])
        #expect(viewModel.errorMessage == nil)
    }
    // snippet.end

    // snippet.testRetry
    @Test("offline, the list says so; a retry once back loads it")
    func retries() async {
        let http = HTTPMock()
        let url = "https://books.test/books"
        http.register(.get, url, with: .failure(.notConnectedToInternet))
        let vessel = Vessel(bookWork: BookWebWorker(baseURL: URL(string: "https://books.test")!, transport: http, logbook: MemoryLogbook()))
        let viewModel = BookListViewModel(vessel)

        await settle { viewModel.send(.appeared) }
        #expect(viewModel.errorMessage == BookFizzle.offline.message)

        http.register(.get, url, with: .text(#"[{"id": 1, "title": "Dune", "author": "Frank Herbert"}]"#))
        await settle { viewModel.send(.retry) }
        #expect(viewModel.books.count == 1)
        #expect(viewModel.errorMessage == nil)
    }
    // snippet.end

    // snippet.testRaft
    @Test("marking a book read changes that book only, through the state")
    func marksRead() async {
        let raft = Vessel.raft()
        let recorder = StateRecorder(raft.appState)
        let viewModel = BookListViewModel(raft)
        await settle { viewModel.send(.appeared) }

        viewModel.send(.toggleRead(1))

        #expect(viewModel.books.map(\.isRead) == [true, true])
        viewModel.hidesReadBooks = true
        #expect(viewModel.books.isEmpty)
        recorder.expect(
            { $0.books = .loading(last: nil) },
            { $0.books = .loaded(Book.samples) },
            { $0.books.value?[0].isRead = true })
    }
    // snippet.end

    // snippet.testFizzle
    @Test("marking a book that is no longer on the list fails: the screen says so, and the state is unchanged")
    func marksAnUnknownBook() async {
        let raft = Vessel.raft()
        let viewModel = BookListViewModel(raft)
        await settle { viewModel.send(.appeared) }
        let recorder = StateRecorder(raft.appState)

        viewModel.send(.toggleRead(99))

        #expect(viewModel.problem == BookFizzle.unknownBook.message)
        recorder.expectNoChanges()
        viewModel.send(.toggleRead(1))
        #expect(viewModel.problem == nil)
    }
    // snippet.end

    // snippet.testWhileLoading
    @Test("while the service has not answered, the list says it is loading")
    func showsLoading() async {
        let (answers, answer) = AsyncStream.makeStream(of: [Book].self)
        let viewModel = BookListViewModel(Vessel(bookWork: WaitingBooks(answers: answers)))

        let work = OwnedTasks.tasks { viewModel.send(.appeared) }   // the work the event started
        await waitUntil { viewModel.isLoading }                     // an intermediate state
        answer.yield(Book.samples)
        await work.ended()

        #expect(!viewModel.isLoading)
        #expect(viewModel.books == Book.samples)
    }
    // snippet.end

    @Test("the export lists every book as a Markdown checklist, and changes nothing")
    func exports() async {
        let raft = Vessel.raft()
        #expect(raft.exportListAction() == "")
        await raft.loadBooksAction()
        let recorder = StateRecorder(raft.appState)

        #expect(raft.exportListAction() == """
            - [ ] The Pragmatic Programmer, Andrew Hunt, David Thomas
            - [x] 채식주의자, 한강
            """)
        recorder.expectNoChanges()
    }
}

/// A worker that answers each call with the next list the test sends it.
struct WaitingBooks: BookWork {
    let answers: AsyncStream<[Book]>
    func books() async throws(BookFizzle) -> [Book] {
        for await books in answers { return books }
        throw .offline  // the test ended the stream without answering
    }
}
