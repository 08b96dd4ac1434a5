import Foundation
import Keel
import KeelWebClient
import KeelTesting
import Testing

@Suite("WebClient cancellation really cancels", .timeLimit(.minutes(1)))
struct WebClientCancellationTests {
    typealias Country = WebClientFixture.Country

    @Test("cancelling the calling task mid-request throws .cancelled promptly and stops the load")
    func cancelMidRequest() async throws {
        let mock = HTTPMock()
        try mock.register(.get, WebClientFixture.url("all"), with: .json([WebClientFixture.france]).delayed(by: .seconds(10)))
        let client = WebClientFixture.client(mock)
        let clock = ContinuousClock()
        let start = clock.now

        let call = Task { () async -> WebError? in
            do throws(WebError) {
                _ = try await client.call(APICall(path: "all"), as: [Country].self)
                return nil
            } catch {
                return error
            }
        }
        await mock.waitForRequests(count: 1) // The request is in flight, inside its delay.
        call.cancel()
        let failure = await call.value

        #expect(failure == .cancelled)
        #expect(clock.now - start < .seconds(5))
        #expect(mock.cancelledRequests.map(\.url.path) == ["/v1/all"])
    }

    @Test("a task cancelled before the call throws .cancelled and sends nothing")
    func cancelledBeforeTheCall() async throws {
        let mock = HTTPMock()
        try mock.register(.get, WebClientFixture.url("all"), with: .json([WebClientFixture.france]))
        let client = WebClientFixture.client(mock)

        let failure = await Task { () async -> WebError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(WebError) {
                _ = try await client.call(APICall(path: "all"), as: [Country].self)
                return nil
            } catch {
                return error
            }
        }.value

        #expect(failure == .cancelled)
        #expect(mock.requests.isEmpty)
        #expect(mock.unmatchedRequests.isEmpty)
    }

    @Test("URLError.cancelled throws .cancelled")
    func urlErrorCancelled() async {
        let mock = HTTPMock()
        mock.register(.get, WebClientFixture.url("all"), with: .failure(.cancelled))
        let client = WebClientFixture.client(mock)

        await #expect(throws: WebError.cancelled) {
            try await client.send(APICall(path: "all"))
        }
    }
}
