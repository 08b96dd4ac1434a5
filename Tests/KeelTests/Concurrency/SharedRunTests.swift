import Foundation
import Keel
import Testing

@Suite("SharedRun: one run at a time, shared by its callers", .timeLimit(.minutes(1)))
struct SharedRunTests {
    /// A run that waits until the test lets it end, counting its starts.
    final class Gate: Sendable {
        let starts = Locked(0)
        private let opened = AsyncStream<Void>.makeStream()
        private let started = AsyncStream<Void>.makeStream()

        func work(_ isLatest: @Sendable () -> Bool) async {
            starts.withLock { $0 += 1 }
            started.continuation.yield()
            for await _ in opened.stream { return }
        }
        func waitUntilStarted() async {
            var iterator = started.stream.makeAsyncIterator()
            _ = await iterator.next()
        }
        func open() { opened.continuation.yield() }
    }

    @Test("a caller that comes while the work runs joins it: the work runs once for both")
    func joins() async {
        let run = SharedRun<Void>(), gate = Gate()
        let first = Task { await run.run(gate.work) }
        await gate.waitUntilStarted()
        let second = Task { await run.run(gate.work) }
        while run.callers < 2 { await Task.yield() }
        gate.open()
        await first.value
        await second.value
        #expect(gate.starts.withLock { $0 } == 1)
        #expect(run.callers == 0)
        // Once it ended, the next caller starts a new run.
        let third = Task { await run.run(gate.work) }
        await gate.waitUntilStarted()
        gate.open()
        await third.value
        #expect(gate.starts.withLock { $0 } == 2)
    }

    @Test("a cancelled caller stops waiting; the run goes on for the others")
    func cancelledCaller() async {
        let run = SharedRun<Void>(), gate = Gate()
        let first = Task { await run.run(gate.work) }
        await gate.waitUntilStarted()
        let second = Task { await run.run(gate.work) }
        while run.callers < 2 { await Task.yield() }
        second.cancel()
        await second.value
        #expect(run.callers == 1)
        gate.open()
        await first.value
        #expect(gate.starts.withLock { $0 } == 1)
    }

    @Test("cancel() cancels the run for every caller; the run that replaces it is the latest")
    func cancelForEveryone() async {
        let run = SharedRun<Void>()
        let latest = Locked<[String: Bool]>([:])
        let started = AsyncStream<Void>.makeStream()
        let first = Task {
            await run.run { isLatest in
                started.continuation.yield()
                try? await Task.sleep(for: .seconds(60))
                latest.withLock { $0["cancelled"] = isLatest() }
            }
        }
        var starts = started.stream.makeAsyncIterator()
        _ = await starts.next()
        run.cancel()
        await run.run { isLatest in latest.withLock { $0["replacing"] = isLatest() } }
        await first.value
        // The replacing run was the latest; the cancelled one learned it was not.
        #expect(latest.withLock { $0 } == ["replacing": true, "cancelled": false])
    }

    @Test("runNext queues a run after the one in progress; callers that come before it starts join it, later ones queue another")
    func queuesAfter() async {
        let run = SharedRun<Int>(), gate = Gate()
        let order = Locked<[String]>([])
        let first = Task { await run.run { isLatest in await gate.work(isLatest); order.withLock { $0.append("first") }; return 1 } }
        await gate.waitUntilStarted()
        let next = Locked(0)
        let queued = (0..<3).map { _ in
            run.queue { _ in
                let number = next.withLock { $0 += 1; return $0 }
                order.withLock { $0.append("queued \(number)") }
                return 10 + number
            }
        }
        #expect(queued[0] == queued[1] && queued[1] == queued[2], "one queued run, joined")
        #expect(run.isRunning)
        gate.open()
        #expect(await first.value == 1)
        #expect(await run.runNext { _ in 99 } != nil)
        await run.settle()
        #expect(await queued[0].value == 11)
        #expect(order.withLock { $0 }.prefix(2) == ["first", "queued 1"], "the queued run starts after the one in progress ends")
        #expect(!run.isRunning)
    }

    @Test("join hands every caller the run's own task: cancelling it cancels the run; a cancelled caller of run gets nil")
    func joinsTheTask() async {
        let run = SharedRun<String>()
        let started = AsyncStream<Void>.makeStream()
        let task = run.join { _ in
            started.continuation.yield()
            do { try await Task.sleep(for: .seconds(60)) } catch { return "cancelled" }
            return "slept"
        }
        var starts = started.stream.makeAsyncIterator()
        _ = await starts.next()
        #expect(run.join { _ in "another" } == task)
        let waiting = Task { await run.run { _ in "another" } }
        while run.callers < 1 { await Task.yield() }
        waiting.cancel()
        #expect(await waiting.value == nil)
        task.cancel()
        #expect(await task.value == "cancelled")
    }
}
