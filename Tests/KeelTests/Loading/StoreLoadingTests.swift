import Keel
import KeelTesting
import Testing

@Suite("MutableStore.load: loadables in the app state", .timeLimit(.minutes(1)))
struct StoreLoadingTests {
    struct LoadState: Equatable, Sendable {
        var countries: Loadable<[String]> = .notRequested
        var other = 0
    }

    @Test("a load records loading, then loaded")
    func loads() async {
        let store = MutableStore(LoadState())
        let recorder = StateRecorder(store.readOnly)
        let result = await store.load(at: { $0.countries }, logbook: SilentLogbook()) { ["Korea"] }
        #expect(result == .loaded(["Korea"]))
        recorder.expect(
            { $0.countries = .loading(last: nil) },
            { $0.countries = .loaded(["Korea"]) })
    }

    @Test("a failure keeps the cached value next to the error")
    func failureKeepsCache() async {
        let store = MutableStore(LoadState(countries: .loaded(["France"])))
        let recorder = StateRecorder(store.readOnly)
        await store.load(at: { $0.countries }, logbook: SilentLogbook()) { throw SampleFizzle(message: "Offline") }
        recorder.expect(
            { $0.countries = .loading(last: ["France"]) },
            { $0.countries = .failed(SampleFizzle(message: "Offline"), last: ["France"]) })
    }

    @Test("a developer error is logged and shown as unexpected")
    func developerError() async {
        struct Broken: Error {}
        let logbook = MemoryLogbook()
        let store = MutableStore(LoadState())
        let result = await store.load(at: { $0.countries }, logbook: logbook) { throw Broken() }
        #expect(result.error is UnexpectedFizzle)
        #expect(logbook.entries.map(\.context) == ["Loading Array<String>"])
    }

    @Test("cancelling the calling task cancels the work and restores the last value")
    func cancellation() async {
        let store = MutableStore(LoadState(countries: .loaded(["Japan"])))
        let recorder = StateRecorder(store.readOnly)
        let probe = CancellationProbe()
        let task = Task {
            await store.load(at: { $0.countries }, logbook: SilentLogbook()) {
                try await probe.runUntilCancelled()
            }
        }
        await probe.waitUntilStarted()
        task.cancel()
        let result = await task.value
        #expect(probe.sawCancellation)
        #expect(result == .loaded(["Japan"]))
        recorder.expect(
            { $0.countries = .loading(last: ["Japan"]) },
            { $0.countries = .loaded(["Japan"]) })
    }

    /// An operation that waits for the value a test hands it.
    final class Gate: Sendable {
        private let values = AsyncStream<[String]>.makeStream()
        private let entered = AsyncStream<Void>.makeStream()

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

    @Test("overlapping loads: the one started last decides, whichever ends first")
    func overlapping() async {
        let store = MutableStore(LoadState(countries: .loaded(["Japan"])))
        let (first, second) = (Gate(), Gate())
        let earlier = Task { await store.load(at: { $0.countries }, logbook: SilentLogbook()) { try await first.run() } }
        await first.waitUntilEntered()
        let later = Task { await store.load(at: { $0.countries }, logbook: SilentLogbook()) { try await second.run() } }
        await second.waitUntilEntered()

        // The later load ends first; the earlier one, ending after, changes nothing.
        second.open(["Korea"])
        #expect(await later.value == .loaded(["Korea"]))
        first.open(["stale"])
        #expect(await earlier.value == .loaded(["Korea"]))
        #expect(store.state.countries == .loaded(["Korea"]))

        // The earlier load is cancelled while the later one runs: still loading.
        let third = Gate(), fourth = Gate()
        let cancelled = Task { await store.load(at: { $0.countries }, logbook: SilentLogbook()) { try await third.run() } }
        await third.waitUntilEntered()
        let running = Task { await store.load(at: { $0.countries }, logbook: SilentLogbook()) { try await fourth.run() } }
        await fourth.waitUntilEntered()
        cancelled.cancel()
        #expect(await cancelled.value == .loading(last: ["Korea"]))
        #expect(store.state.countries == .loading(last: ["Korea"]))
        fourth.open(["France"])
        #expect(await running.value == .loaded(["France"]))
        #expect(store.state.countries == .loaded(["France"]))
    }
}
