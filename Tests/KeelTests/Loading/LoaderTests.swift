import Keel
import KeelTesting
import Testing

@Suite("Loader keeps the task so that cancel really cancels", .timeLimit(.minutes(1)))
@MainActor
struct LoaderTests {
    @Test("a load goes from loading to loaded")
    func loads() async {
        let loader = Loader<Int>(logbook: SilentLogbook())
        let task = loader.load { 42 }
        #expect(loader.state == .loading(last: nil))
        await task.value
        #expect(loader.state == .loaded(42))
    }

    @Test("loading again keeps the last value while it runs")
    func keepsLastValue() async {
        let loader = Loader<Int>(.loaded(1), logbook: SilentLogbook())
        let task = loader.load { 2 }
        #expect(loader.state == .loading(last: 1))
        await task.value
        #expect(loader.state == .loaded(2))
    }

    @Test("a fizzle ends in failed, keeping the last value")
    func fizzleFails() async {
        let loader = Loader<Int>(.loaded(1), logbook: SilentLogbook())
        await loader.load { throw SampleFizzle(message: "Offline") }.value
        #expect(loader.state == .failed(SampleFizzle(message: "Offline"), last: 1))
    }

    @Test("an error that is not a fizzle is logged and shown as unexpected")
    func developerErrorIsLogged() async {
        struct Broken: Error {}
        let logbook = MemoryLogbook()
        let loader = Loader<Int>(logbook: logbook)
        await loader.load { throw Broken() }.value
        #expect(loader.state.error is UnexpectedFizzle)
        #expect(logbook.entries.count == 1)
        #expect(logbook.entries.first?.error.contains("Broken") == true)
    }

    @Test("cancel cancels the running task: the operation sees it, the state returns to the last value")
    func cancelReallyCancels() async {
        let probe = CancellationProbe()
        let loader = Loader<Int>(.loaded(7), logbook: SilentLogbook())
        let task = loader.load { try await probe.runUntilCancelled() }
        await probe.waitUntilStarted()
        loader.cancel()
        #expect(loader.state == .loaded(7))
        await task.value
        #expect(probe.sawCancellation)
        #expect(loader.state == .loaded(7))
    }

    @Test("cancel without a last value goes back to not requested")
    func cancelWithoutValue() async {
        let probe = CancellationProbe()
        let loader = Loader<Int>(logbook: SilentLogbook())
        let task = loader.load { try await probe.runUntilCancelled() }
        await probe.waitUntilStarted()
        loader.cancel()
        await task.value
        #expect(loader.state == .notRequested)
    }

    @Test("cancel when nothing runs changes nothing")
    func cancelIdle() {
        let loader = Loader<Int>(.loaded(3), logbook: SilentLogbook())
        loader.cancel()
        #expect(loader.state == .loaded(3))
    }

    @Test("a new load cancels the one running, whose result is ignored")
    func newLoadReplacesRunning() async {
        let probe = CancellationProbe()
        let loader = Loader<Int>(logbook: SilentLogbook())
        let first = loader.load { try await probe.runUntilCancelled() }
        await probe.waitUntilStarted()
        let second = loader.load { 2 }
        await first.value
        await second.value
        #expect(probe.sawCancellation)
        #expect(loader.state == .loaded(2))
    }

    @Test("set replaces the state and cancels a running load")
    func setReplaces() async {
        let probe = CancellationProbe()
        let loader = Loader<Int>(logbook: SilentLogbook())
        let task = loader.load { try await probe.runUntilCancelled() }
        await probe.waitUntilStarted()
        loader.set(.loaded(9))
        await task.value
        #expect(probe.sawCancellation)
        #expect(loader.state == .loaded(9))
    }

    @Test("releasing the loader cancels its running load")
    func releaseCancels() async {
        let probe = CancellationProbe()
        var loader: Loader<Int>? = Loader<Int>(logbook: SilentLogbook())
        let task = loader?.load { try await probe.runUntilCancelled() }
        await probe.waitUntilStarted()
        loader = nil
        await task?.value
        #expect(probe.sawCancellation)
    }

    @Test("the state is observable")
    func observable() async {
        let loader = Loader<Int>(logbook: SilentLogbook())
        let counter = ObservationCounter { [loader] in MainActor.assumeIsolated { _ = loader.state } }
        await loader.load { 1 }.value
        #expect(counter.count == 2)
    }
}
