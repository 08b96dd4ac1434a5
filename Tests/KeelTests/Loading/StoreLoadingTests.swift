import Keel
import KeelTesting
import Testing

@Suite("MutableStore.load: loadables in the app state", .timeLimit(.minutes(1)))
struct StoreLoadingTests {
    struct LoadState: Equatable, Sendable {
        var countries: Loadable<[String]> = .notRequested
        var other = 0
    }

    @Test("the slice is loading when load returns, then loaded")
    func loads() async {
        let store = MutableStore(LoadState())
        let recorder = StateRecorder(store.readOnly)
        let gate = Gate()
        let task = store.load(at: { $0.countries }, logbook: SilentLogbook()) { try await gate.run() }
        // Before the load's task ran at all: no screen sees "not requested" after asking.
        #expect(store.state.countries == .loading(last: nil))
        gate.open(["Korea"])
        #expect(await task.value == .loaded(["Korea"]))
        recorder.expect(
            { $0.countries = .loading(last: nil) },
            { $0.countries = .loaded(["Korea"]) })
    }

    @Test("a failure keeps the cached value next to the error")
    func failureKeepsCache() async {
        let store = MutableStore(LoadState(countries: .loaded(["France"])))
        let recorder = StateRecorder(store.readOnly)
        _ = await store.load(at: { $0.countries }, logbook: SilentLogbook()) { throw SampleFizzle(message: "Offline") }.value
        recorder.expect(
            { $0.countries = .loading(last: ["France"]) },
            { $0.countries = .failed(SampleFizzle(message: "Offline"), last: ["France"]) })
    }

    @Test("a developer error is logged and shown as unexpected")
    func developerError() async {
        struct Broken: Error {}
        let logbook = MemoryLogbook()
        let store = MutableStore(LoadState())
        let result = await store.load(at: { $0.countries }, logbook: logbook) { throw Broken() }.value
        #expect(result.error is UnexpectedFizzle)
        #expect(logbook.entries.map(\.context) == ["Loading Array<String>"])
    }

    @Test("cancelling the load's task cancels the work and restores the last value; cancelling is not logged")
    func cancellation() async {
        let logbook = MemoryLogbook()
        let store = MutableStore(LoadState(countries: .loaded(["Japan"])))
        let recorder = StateRecorder(store.readOnly)
        let probe = CancellationProbe()
        let task = store.load(at: { $0.countries }, logbook: logbook) { try await probe.runUntilCancelled() }
        await probe.waitUntilStarted()
        task.cancel()
        let result = await task.value
        #expect(probe.sawCancellation)
        #expect(result == .loaded(["Japan"]))
        #expect(logbook.entries.isEmpty)
        recorder.expect(
            { $0.countries = .loading(last: ["Japan"]) },
            { $0.countries = .loaded(["Japan"]) })
    }

    /// An operation that waits for the value a test hands it.
    final class Gate: Sendable {
        private let values = AsyncStream<[String]>.makeStream()
        private let entered = AsyncStream<Void>.makeStream()
        private let runs = AsyncStream<Void>.makeStream()

        /// Waits until the operation runs.
        func waitUntilEntered() async {
            var iterator = entered.stream.makeAsyncIterator()
            _ = await iterator.next()
        }

        /// Ends the operation with `value`.
        func open(_ value: [String]) { values.continuation.yield(value) }

        func run() async throws -> [String] {
            entered.continuation.yield()
            for await value in values.stream { return value }
            throw CancellationError()
        }
    }

    @Test("a load asked for while one runs joins it: the operation runs once, both get its outcome")
    func joins() async {
        let store = MutableStore(LoadState(countries: .loaded(["Japan"])))
        let recorder = StateRecorder(store.readOnly)
        let (first, second) = (Gate(), Gate())
        let earlier = store.load(at: { $0.countries }, logbook: SilentLogbook()) { try await first.run() }
        await first.waitUntilEntered()
        let later = store.load(at: { $0.countries }, logbook: SilentLogbook()) { try await second.run() }
        #expect(later == earlier)
        first.open(["Korea"])
        #expect(await later.value == .loaded(["Korea"]))
        recorder.expect(
            { $0.countries = .loading(last: ["Japan"]) },
            { $0.countries = .loaded(["Korea"]) })
        // Once it ended, the next load runs anew.
        let next = store.load(at: { $0.countries }, logbook: SilentLogbook()) { ["France"] }
        #expect(next != earlier)
        #expect(await next.value == .loaded(["France"]))
    }

    @Test("a load that replaces the running one cancels it; only the new one's outcome counts, whenever each ends")
    func replaces() async {
        let store = MutableStore(LoadState(countries: .loaded(["Japan"])))
        let recorder = StateRecorder(store.readOnly)
        let (first, second) = (Gate(), Gate())
        let earlier = store.load(at: { $0.countries }, logbook: SilentLogbook()) { try await first.run() }
        await first.waitUntilEntered()
        let later = store.load(at: { $0.countries }, overlap: .replace, logbook: SilentLogbook()) { try await second.run() }
        await second.waitUntilEntered()
        #expect(earlier.isCancelled)
        // The replaced load ends (it is cancelled) while the new one runs: still loading.
        #expect(await earlier.value == .loading(last: ["Japan"]))
        #expect(store.state.countries == .loading(last: ["Japan"]))
        second.open(["Korea"])
        #expect(await later.value == .loaded(["Korea"]))
        recorder.expect(
            { $0.countries = .loading(last: ["Japan"]) },
            { $0.countries = .loaded(["Korea"]) })
    }

    @Test("loads of different slices run side by side")
    func separateSlices() async {
        struct TwoLists: Equatable, Sendable {
            var countries: Loadable<[String]> = .notRequested
            var capitals: Loadable<[String]> = .notRequested
        }
        let store = MutableStore(TwoLists())
        let (first, second) = (Gate(), Gate())
        let countries = store.load(at: { $0.countries }, logbook: SilentLogbook()) { try await first.run() }
        let capitals = store.load(at: { $0.capitals }, logbook: SilentLogbook()) { try await second.run() }
        #expect(countries != capitals)
        second.open(["Seoul"])
        first.open(["Korea"])
        #expect(await countries.value == .loaded(["Korea"]))
        #expect(await capitals.value == .loaded(["Seoul"]))
    }

    @Test("a loaded value is written through the loadable's value: one element, the state kept")
    func writingTheValue() {
        let store = MutableStore(LoadState(countries: .loaded(["Japan", "Peru"])))
        store.update(at: { $0.countries.value }) { $0?[1] = "Korea" }
        #expect(store.state.countries == .loaded(["Japan", "Korea"]))
        store.update { $0.countries = .loading(last: ["Japan"]) }
        store.update(at: { $0.countries.value }) { $0?.append("Chad") }
        #expect(store.state.countries == .loading(last: ["Japan", "Chad"]))
        store.update { $0.countries = .failed(SampleFizzle(message: "Offline"), last: nil) }
        store.update(at: { $0.countries.value }) { $0 = ["Fiji"] }
        #expect(store.state.countries == .failed(SampleFizzle(message: "Offline"), last: ["Fiji"]))
        store.update(at: { $0.countries.value }) { $0 = nil }
        #expect(store.state.countries == .failed(SampleFizzle(message: "Offline"), last: nil))
        store.update { $0.countries = .notRequested }
        store.update(at: { $0.countries.value }) { $0 = ["Togo"] }
        #expect(store.state.countries == .loaded(["Togo"]))
        store.update(at: { $0.countries.value }) { $0 = nil }
        #expect(store.state.countries == .notRequested)
    }
}
