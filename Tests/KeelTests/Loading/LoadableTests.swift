import Keel
import Testing

struct SampleFizzle: Fizzle {
    var message: LocalizedText
}

struct OtherFizzle: Fizzle {
    var message: LocalizedText
}

@Suite("Loadable", .timeLimit(.minutes(1)))
struct LoadableTests {
    @Test("value and error follow each case")
    func valueAndError() {
        let failure = SampleFizzle(message: "Offline")
        #expect(Loadable<Int>.notRequested.value == nil)
        #expect(Loadable<Int>.loading(last: nil).value == nil)
        #expect(Loadable<Int>.loading(last: 3).value == 3)
        #expect(Loadable<Int>.loaded(4).value == 4)
        #expect(Loadable<Int>.failed(failure, last: 5).value == 5)
        #expect(Loadable<Int>.failed(failure, last: nil).error?.message == "Offline")
        #expect(Loadable<Int>.loaded(4).error == nil)
        #expect(Loadable<Int>.loading(last: 1).isLoading)
        #expect(!Loadable<Int>.loaded(1).isLoading)
    }

    @Test("map transforms the loaded or last value and keeps the case")
    func map() {
        let failure = SampleFizzle(message: "x")
        #expect(Loadable<Int>.loaded(2).map { $0 * 10 } == .loaded(20))
        #expect(Loadable<Int>.loading(last: 2).map { $0 * 10 } == .loading(last: 20))
        #expect(Loadable<Int>.loading(last: nil).map { $0 * 10 } == .loading(last: nil))
        #expect(Loadable<Int>.failed(failure, last: 1).map { "\($0)" } == .failed(failure, last: "1"))
        #expect(Loadable<Int>.notRequested.map { $0 + 1 } == .notRequested)
    }

    @Test("map rethrows the transform's error")
    func mapThrows() {
        struct Bad: Error {}
        #expect(throws: Bad.self) { try Loadable<Int>.loaded(1).map { _ throws(Bad) -> Int in throw Bad() } }
    }

    @Test("equality compares errors by type and value")
    func equality() {
        let first = SampleFizzle(message: "a")
        #expect(Loadable<Int>.failed(first, last: nil) == .failed(SampleFizzle(message: "a"), last: nil))
        #expect(Loadable<Int>.failed(first, last: nil) != .failed(SampleFizzle(message: "b"), last: nil))
        #expect(Loadable<Int>.failed(first, last: nil) != .failed(OtherFizzle(message: "a"), last: nil))
        #expect(Loadable<Int>.failed(first, last: 1) != .failed(first, last: 2))
        #expect(Loadable<Int>.notRequested != .loading(last: nil))
        #expect(Loadable<Int>.loaded(1) != .loading(last: 1))
    }

    @Test("starting again keeps the value; cancelling goes back to it")
    func transitions() {
        #expect(Loadable<Int>.loaded(1).loadingAgain == .loading(last: 1))
        #expect(Loadable<Int>.notRequested.loadingAgain == .loading(last: nil))
        #expect(Loadable<Int>.loading(last: 1).cancelled == .loaded(1))
        #expect(Loadable<Int>.loading(last: nil).cancelled == .notRequested)
    }

    @Test("descriptions name the case")
    func descriptions() {
        #expect(Loadable<Int>.loaded(3).description == "loaded(3)")
        #expect(Loadable<Int>.loading(last: nil).description == "loading(last: nil)")
        #expect(Loadable<Int>.notRequested.description == "notRequested")
        #expect(Loadable<Int>.failed(SampleFizzle(message: "m"), last: 2).description.hasPrefix("failed("))
    }
}
