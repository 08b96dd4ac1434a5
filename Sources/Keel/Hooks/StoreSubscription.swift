// What KeelTesting's tools plug into the store through, as SPI: a subscription
// handed every value synchronously, and the size of the store's trie.

extension Store {
    /// For test tools: what ``values(_:)`` yields, handed to `receive`
    /// synchronously (with the store locked) until the subscription ends.
    @_spi(Testing) public func subscribe<Slice>(at path: (StatePath<State, State>) -> StatePath<State, Slice>, _ receive: @escaping @Sendable (Slice) -> Void) -> StoreSubscription {
        let path = path(core.rootPath), id = core.subscribe(path, yield: receive)
        return StoreSubscription { [weak core] in core?.unsubscribe(id, at: path) }
    }
    /// How many slices the store holds nodes for, the whole state's included.
    @_spi(Testing) public var observedSliceCount: Int { core.nodeCount }
}

/// A subscription to a store, for test tools; it ends when cancelled or released.
@_spi(Testing) public final class StoreSubscription: Sendable {
    private let cancelAction: @Sendable () -> Void
    init(cancel: @escaping @Sendable () -> Void) { cancelAction = cancel }
    deinit { cancelAction() }
    /// Ends the subscription.
    public func cancel() { cancelAction() }
}
