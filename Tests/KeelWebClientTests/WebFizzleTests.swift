import Foundation
import Keel
import KeelWebClient
import KeelTesting
import Testing

enum BookFizzle: WebFizzle {
    case offline, unavailable(Int), unreadable

    init(_ error: WebError) {
        switch error {
        case .offline, .cancelled, .timeout: self = .offline
        case .status(let code, _): self = .unavailable(code)
        case .undecodable, .invalidRequest, .transport: self = .unreadable
        }
    }

    var message: LocalizedText { "\(self)" }
}

@Suite("WebFizzle: a gear's failures become the app's fizzle in one place", .timeLimit(.minutes(1)))
struct WebFizzleTests {
    @Test("a failure is logged for developers and thrown as what it means to people; a success decodes")
    func failures() async throws {
        let mock = HTTPMock(), logbook = MemoryLogbook()
        mock.register(.get, WebClientFixture.url("books"), with: .status(503))
        try mock.register(.get, WebClientFixture.url("ok"), with: .json([WebClientFixture.france]))
        let client = WebClientFixture.client(mock)

        await #expect(throws: BookFizzle.unavailable(503)) {
            _ = try await client.call(APICall(path: "books"), as: [WebClientFixture.Country].self, logbook: logbook, failure: BookFizzle.self)
        }
        #expect(logbook.entries.map(\.context) == ["GET books"])
        let countries = try await client.call(APICall(path: "ok"), as: [WebClientFixture.Country].self, logbook: logbook, failure: BookFizzle.self)
        #expect(countries == [WebClientFixture.france])
    }

    @Test("a cancelled call is not logged: cancelling is not a fault")
    func cancellation() async {
        let mock = HTTPMock(), logbook = MemoryLogbook()
        mock.register(.get, WebClientFixture.url("slow"), with: .status(200).delayed(by: .seconds(30)))
        let client = WebClientFixture.client(mock)
        let call = Task {
            try await client.call(APICall(path: "slow"), as: [String].self, logbook: logbook, failure: BookFizzle.self)
        }
        await mock.waitForRequests()
        call.cancel()
        if case .failure(let error) = await call.result {
            #expect(error as? BookFizzle == .offline)
        } else {
            Issue.record("a cancelled call returned a value")
        }
        #expect(logbook.entries.isEmpty)
    }
}
