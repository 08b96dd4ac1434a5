/// The distinct values of one slice of a store (``Store/values(_:)``): each iteration subscribes anew, and waits
/// while the slice is an element past the end.
public struct StoreValues<Slice: Equatable & Sendable>: AsyncSequence, Sendable {
    private let subscribe: @Sendable () -> AsyncStream<Slice>
    init<State>(core: StoreCore<State>, path: StatePath<State, Slice>) {
        subscribe = { [weak core] in
            let (stream, continuation) = AsyncStream<Slice>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let id = core?.subscribe(path) { continuation.yield($0) }
            continuation.onTermination = { [weak core] _ in if let id { core?.unsubscribe(id, at: path) } }
            if id == nil { continuation.finish() }
            return stream
        }
    }
    /// Creates an iterator that subscribes to the slice.
    public func makeAsyncIterator() -> Iterator { Iterator(base: subscribe().makeAsyncIterator()) }
    /// Iterates the distinct values of a slice.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Slice>.Iterator, last: Slice? = nil
        /// The next value that differs from the previous one, or `nil` once cancelled.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Slice? {
            while let value = await base.next(isolation: actor) {
                guard value != last else { continue }
                last = value
                return value
            }
            return nil
        }
    }
}
