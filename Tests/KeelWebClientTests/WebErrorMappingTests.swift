import Foundation
import Keel
import KeelWebClient
import Testing

@Suite("WebError(transportError:): what a transport of your own reports", .timeLimit(.minutes(1)))
struct WebErrorMappingTests {
    struct Refused: LocalizedError {
        var errorDescription: String? { "the server refused the connection" }
    }
    struct Opaque: Error, CustomStringConvertible {
        var description: String { "opaque failure 7" }
    }

    @Test("a cancellation is cancelled; an error that describes itself keeps its words; any other its description")
    func mapsErrorsThatAreNotURLErrors() {
        #expect(WebError(transportError: CancellationError()) == .cancelled)
        #expect(WebError(transportError: Refused()) == .transport("the server refused the connection"))
        #expect(WebError(transportError: Opaque()) == .transport("opaque failure 7"))
    }
}
