/// An asynchronous sequence of the distinct values of one slice of a store.
///
/// Create one with ``Store/values(_:)``. Each iteration subscribes anew, so
/// the first element is always the slice's value at that moment.
public struct StoreValues<Slice: Equatable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Slice
    public typealias Failure = Never

    private let subscribe: @Sendable () -> (stream: AsyncStream<Slice>, cancel: @Sendable () -> Void)

    init<State>(core: StoreCore<State>, path: StatePath<State, Slice>) {
        let path = UncheckedPath(path: path)
        subscribe = { [weak core] in
            let (stream, continuation) = AsyncStream<Slice>.makeStream(bufferingPolicy: .bufferingNewest(1))
            guard let core else {
                continuation.finish()
                return (stream, {})
            }
            let id = core.subscribe(path.path) { continuation.yield($0) }
            let cancel: @Sendable () -> Void = { [weak core] in core?.unsubscribe(id, at: path.path.accessor) }
            continuation.onTermination = { _ in cancel() }
            return (stream, cancel)
        }
    }

    /// Creates an iterator that subscribes to the slice.
    public func makeAsyncIterator() -> Iterator {
        let (stream, _) = subscribe()
        return Iterator(base: stream.makeAsyncIterator())
    }

    /// Iterates the distinct values of a slice.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Slice>.Iterator
        var last: Slice?

        /// The next value that differs from the previous one, or `nil` once cancelled.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Slice? {
            while let value = await base.next(isolation: actor) {
                if value != last {
                    last = value
                    return value
                }
            }
            return nil
        }

        /// The next value that differs from the previous one, or `nil` once cancelled.
        public mutating func next() async -> Slice? {
            await next(isolation: nil)
        }
    }
}

/// A path carried into `@Sendable` closures.
///
/// `@unchecked Sendable` is sound because a path is immutable after it was
/// built, and the store uses it only under its lock: it is a chain of
/// accessors whose properties are all constants (the parent accessor, key
/// paths, hashable positions or keys, and the steps made of them).
private struct UncheckedPath<State, Slice>: @unchecked Sendable {
    let path: StatePath<State, Slice>
}
