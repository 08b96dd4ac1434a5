/// The read-only face of a ``MutableStore``, for screens, view models and
/// workers: it reads and observes slices of the state, and cannot write them.
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#storeReads -->
/// ```swift
/// let count = appState.read { $0.books }.value?.count ?? 0  // inside SwiftUI, tracks this slice only
/// for await books in appState.values({ $0.books }) where !books.isLoading {
///     print(books.value?.count ?? 0)                          // now, and after each change
///     break
/// }
/// ```
public struct Store<State: Equatable & Sendable>: Sendable {
    let core: StoreCore<State>
    /// The whole state; inside Observation tracking, any change invalidates it.
    public var state: State { core.read(core.rootPath) }
    /// Reads one slice; inside Observation tracking (a SwiftUI `body`,
    /// `withObservationTracking`), the reader is invalidated when this slice's
    /// value changes, and only then.
    public func read<Slice: Equatable>(_ path: (StatePath<State, State>) -> StatePath<State, Slice>) -> Slice {
        core.read(path(core.rootPath))
    }

    /// The distinct values of one slice: the current one, then each new one (a
    /// slow consumer gets the newest); ends when the consuming task is cancelled.
    public func values<Slice: Equatable & Sendable>(_ path: (StatePath<State, State>) -> StatePath<State, Slice>) -> StoreValues<Slice> {
        StoreValues(core: core, path: path(core.rootPath))
    }
    /// Tells the store's tap (its timeline, when it keeps one) that the screen
    /// `screen` was sent `action`: a view model calls it from `send(_:)`. An
    /// action that carries a secret must describe itself redacted.
    public func record(_ action: some Sendable, from screen: String) { core.tap?.record(action: action, from: screen) }
    /// What the store tells of its changes, if anything.
    package var tap: (any StoreTap<State>)? { core.tap }
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
