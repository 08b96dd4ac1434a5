import Keel
import KeelTesting
import Observation
import Testing

@MainActor
@Observable
final class Counter {
    var value = 0
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Counts up after a moment, and again in a task the first one starts.
    func countTwice() {
        tasks.run("count") { @MainActor [weak self] in
            try? await Task.sleep(for: .milliseconds(20))
            self?.value += 1
            self?.tasks.run("again") { @MainActor [weak self] in
                try? await Task.sleep(for: .milliseconds(20))
                self?.value += 1
            }
        }
    }

    /// Starts work that never ends.
    func forever() {
        tasks.run("forever") { try? await Task.sleep(for: .seconds(3600)) }
    }
}

@Suite("settle and waitUntil: waiting for a view model's work without polling", .timeLimit(.minutes(1)))
@MainActor
struct SettleTests {
    @Test("settle waits for the work the action started, and the work it started")
    func settles() async {
        let counter = Counter()
        await settle { counter.countTwice() }
        #expect(counter.value == 2)
    }

    @Test("settle records an issue, rather than hanging, when the work does not end")
    func settleTimeout() async {
        let counter = Counter()
        await withKnownIssue {
            await settle(timeout: .milliseconds(50)) { counter.forever() }
        } matching: { $0.comments.contains { $0.rawValue.contains("has not ended") } }
    }

    @Test("waitUntil returns once the observed condition holds")
    func waitsForACondition() async {
        let counter = Counter()
        counter.countTwice()
        await waitUntil { counter.value == 2 }
        #expect(counter.value == 2)
    }

    @Test("waitUntil records an issue when the condition never holds")
    func waitUntilTimeout() async {
        let counter = Counter()
        await withKnownIssue {
            await waitUntil(timeout: .milliseconds(50)) { counter.value == 99 }
        } matching: { $0.comments.contains { $0.rawValue.contains("still does not hold") } }
    }
}

@Suite("Answers and CallRecorder: scripted mocks", .timeLimit(.minutes(1)))
struct ScriptedMockTests {
    @Test("answers come in order, the last one again; set replaces the rest")
    func answers() {
        let answers = Answers(1, 2, 3)
        #expect([answers.next(), answers.next(), answers.next(), answers.next()] == [1, 2, 3, 3])
        answers.set(7, 8)
        #expect([answers.next(), answers.next(), answers.next()] == [7, 8, 8])
    }

    @Test("waitForCalls returns once the calls arrived, and records an issue when they do not")
    func waitForCalls() async {
        let recorder = CallRecorder<String>()
        let caller = Task {
            try? await Task.sleep(for: .milliseconds(20))
            recorder.record("first")
            recorder.record("second")
        }
        await recorder.waitForCalls(count: 2)
        #expect(recorder.calls == ["first", "second"])
        await caller.value
        await withKnownIssue {
            await recorder.waitForCalls(count: 3, timeout: .milliseconds(50))
        } matching: { $0.comments.contains { $0.rawValue.contains("2 arrived") } }
    }
}
