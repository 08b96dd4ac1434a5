import Keel
import Testing

@Suite("OwnedTasks: tasks a view model owns", .timeLimit(.minutes(1)))
struct OwnedTasksTests {
    @Test("work without a name is replaced by nothing: two run side by side; releasing the owner cancels both")
    func unnamedWork() async {
        var tasks: OwnedTasks? = OwnedTasks()
        let (first, second) = (CancellationProbe(), CancellationProbe())
        let running = [
            tasks?.run { _ = try? await first.runUntilCancelled() as Int },
            tasks?.run { _ = try? await second.runUntilCancelled() as Int },
        ]
        await first.waitUntilStarted()
        await second.waitUntilStarted()
        #expect(!first.sawCancellation && !second.sawCancellation)
        let finished = OwnedTasks.tasks { tasks?.run {} }
        await finished.ended()
        tasks = nil
        for task in running { await task?.value }
        #expect(first.sawCancellation && second.sawCancellation)
    }

    @Test("starting a task under a name cancels the one running under it")
    func replaces() async {
        let tasks = OwnedTasks()
        let probe = CancellationProbe()
        let first = tasks.run("search") { _ = try? await probe.runUntilCancelled() as Int }
        await probe.waitUntilStarted()
        #expect(tasks.contains("search"))
        let second = tasks.run("search") {}
        await first.value
        await second.value
        #expect(probe.sawCancellation)
        #expect(tasks.contains("search"))
    }

    @Test("cancel stops one task; tasks under other names keep running")
    func cancelOne() async {
        let tasks = OwnedTasks()
        let search = CancellationProbe()
        let refresh = CancellationProbe()
        let searching = tasks.run("search") { _ = try? await search.runUntilCancelled() as Int }
        tasks.run("refresh") { _ = try? await refresh.runUntilCancelled() as Int }
        await search.waitUntilStarted()
        await refresh.waitUntilStarted()
        tasks.cancel("search")
        await searching.value
        #expect(search.sawCancellation)
        #expect(!refresh.sawCancellation)
        #expect(!tasks.contains("search"))
        #expect(tasks.contains("refresh"))
        tasks.cancelAll()
        #expect(!tasks.contains("refresh"))
    }

    @Test("releasing the owner cancels every task")
    func releaseCancels() async {
        let probe = CancellationProbe()
        var tasks: OwnedTasks? = OwnedTasks()
        let task = tasks?.run("work") { _ = try? await probe.runUntilCancelled() as Int }
        await probe.waitUntilStarted()
        tasks = nil
        await task?.value
        #expect(probe.sawCancellation)
    }

    @Test("a task runs on its closure's actor")
    @MainActor
    func keepsIsolation() async {
        let tasks = OwnedTasks()
        var ranOnMain = false
        await tasks.run("main") { @MainActor in
            MainActor.assertIsolated()
            ranOnMain = true
        }.value
        #expect(ranOnMain)
    }

    @Test("waitForTasks returns once the work the action started has ended, and the work that work started")
    func waitsForWork() async {
        let tasks = OwnedTasks()
        let steps = Locked<[String]>([])
        await OwnedTasks.waitForTasks {
            tasks.run("outer") {
                await Task.yield()
                tasks.run("inner") {
                    await Task.yield()
                    steps.withLock { $0.append("inner") }
                }
                steps.withLock { $0.append("outer") }
            }
        }
        #expect(steps.withLock { $0 } == ["outer", "inner"])
    }

    @Test("waitForTasks does not wait for tasks started outside the action")
    func waitsOnlyForTheAction() async {
        let tasks = OwnedTasks()
        let probe = CancellationProbe()
        let running = tasks.run("follow") { _ = try? await probe.runUntilCancelled() as Int }
        await probe.waitUntilStarted()
        await OwnedTasks.waitForTasks {}
        let work = OwnedTasks.tasks { tasks.run("save") {} }
        await work.ended()
        #expect(!probe.sawCancellation)
        tasks.cancelAll()
        await running.value
    }
}
