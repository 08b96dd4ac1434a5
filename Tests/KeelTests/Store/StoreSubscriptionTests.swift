@_spi(Testing) import Keel
import Foundation
import Testing

@Suite("Store.subscribe (for test tools): every state, in order, synchronously", .timeLimit(.minutes(1)))
struct StoreSubscriptionTests {
    final class Received: @unchecked Sendable {
        // @unchecked: `values` is only touched under `lock`.
        private let lock = NSLock()
        private var values: [String] = []
        func append(_ value: String) { lock.withLock { values.append(value) } }
        var all: [String] { lock.withLock { values } }
    }

    @Test("delivers the current state, then each changed state, until cancelled")
    func deliversUntilCancelled() {
        let store = MutableStore(SampleState())
        let received = Received()
        let subscription = store.readOnly.subscribe(at: { $0 }) { received.append($0.title) }
        store.update { $0.title = "one" }
        store.update { $0.title = "one" }
        store.update { $0.title = "two" }
        subscription.cancel()
        store.update { $0.title = "three" }
        #expect(received.all == ["Countries", "one", "two"])
    }

    @Test("releasing the subscription ends it")
    func releaseEnds() {
        let store = MutableStore(SampleState())
        let received = Received()
        var subscription: StoreSubscription? = store.readOnly.subscribe(at: { $0 }) { received.append($0.title) }
        store.update { $0.title = "one" }
        withExtendedLifetime(subscription) {}
        subscription = nil
        store.update { $0.title = "two" }
        #expect(received.all == ["Countries", "one"])
    }
}
