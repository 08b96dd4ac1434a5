@_spi(Testing) import Keel
import Testing

@Suite("Store.values: distinct values of a slice", .timeLimit(.minutes(1)))
struct StoreValuesTests {
    @Test("the sequence starts with the current value and then yields each change")
    func currentThenChanges() async {
        let store = MutableStore(SampleState())
        var iterator = store.readOnly.values { $0.settings.language }.makeAsyncIterator()
        #expect(await iterator.next() == "en")
        store.update { $0.settings.language = "ko" }
        #expect(await iterator.next() == "ko")
        store.update { $0.title = "unrelated" }
        store.update { $0.settings.language = "ko" }
        store.update { $0.settings.language = "de" }
        #expect(await iterator.next() == "de")
    }

    @Test("a slow consumer gets the newest value and never the same value twice in a row")
    func newestDistinct() async {
        let store = MutableStore(SampleState())
        var iterator = store.readOnly.values { $0.items[0].score }.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        store.update(at: { $0.items[0].score }) { $0 = 1 }
        store.update(at: { $0.items[0].score }) { $0 = 0 }
        store.update(at: { $0.items[0].score }) { $0 = 5 }
        #expect(await iterator.next() == 5)
    }

    @Test("the sequence ends when its task is cancelled, and the store drops the subscriber")
    func endsOnCancellation() async {
        let store = MutableStore(SampleState())
        let values = store.readOnly.values { $0.title }
        let started = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var seen: [String] = []
            for await title in values {
                seen.append(title)
                started.continuation.yield()
            }
            return seen
        }
        var signals = started.stream.makeAsyncIterator()
        await signals.next()
        // The whole state's node, and the title's, which the stream holds.
        #expect(store.readOnly.observedSliceCount == 2)
        consumer.cancel()
        let seen = await consumer.value
        #expect(seen == ["Countries"])
        // The store dropped the subscriber and forgot the slice nobody follows.
        #expect(store.readOnly.observedSliceCount == 1)
        // Updates after the end reach nobody and do not fail.
        store.update { $0.title = "after" }
        #expect(store.state.title == "after")
    }

    @Test("sequences of different slices are independent")
    func independentSlices() async {
        let store = MutableStore(SampleState())
        var first = store.readOnly.values { $0.items[0].name }.makeAsyncIterator()
        var second = store.readOnly.values { $0.items[1].name }.makeAsyncIterator()
        #expect(await first.next() == "item 0")
        #expect(await second.next() == "item 1")
        store.update(at: { $0.items[1].name }) { $0 = "one" }
        store.update(at: { $0.items[0].name }) { $0 = "zero" }
        #expect(await second.next() == "one")
        #expect(await first.next() == "zero")
    }

    @Test("a stream of an element that is removed waits, without a value, until the element is back")
    func removedElement() async {
        let store = MutableStore(SampleState())
        var last = store.readOnly.values { $0.items[4].name }.makeAsyncIterator()
        #expect(await last.next() == "item 4")
        store.update { $0.items.removeLast(2) }
        store.update(at: { $0.items[0].score }) { $0 = 10 }
        store.update { $0.items.append(contentsOf: ["three", "four"].map { SampleState.Item(name: $0, score: 0) }) }
        #expect(await last.next() == "four")
    }
}
