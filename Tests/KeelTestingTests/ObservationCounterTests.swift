import Keel
import KeelTesting
import Observation
import Testing

@Suite("ObservationCounter counts invalidations", .timeLimit(.minutes(1)))
struct ObservationCounterTests {
    @Observable
    final class Model: @unchecked Sendable {
        // @unchecked: mutated only from the test's own task.
        var watched = 0
        var other = 0
    }

    @Test("counts each change of what was read, and nothing else")
    func counts() {
        let model = Model()
        let counter = ObservationCounter { _ = model.watched }
        model.other = 1
        #expect(counter.count == 0)
        model.watched = 1
        model.watched = 2
        #expect(counter.count == 2)
        counter.reset()
        #expect(counter.count == 0)
        model.watched = 3
        #expect(counter.count == 1)
    }
}
