import Keel
import Testing

@Suite("OwnedTasks: named tasks a view model owns", .timeLimit(.minutes(1)))
struct OwnedTasksTests {
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
}
