/// The read-only face of a ``MutableStore``, for screens, view models and workers: it reads and observes slices of
/// the state, and cannot write them.
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
    /// Reads one slice; inside Observation tracking (a SwiftUI `body`, `withObservationTracking`), the reader is
    /// invalidated when this slice's value changes, and only then.
    public func read<Slice: Equatable>(_ path: (StatePath<State, State>) -> StatePath<State, Slice>) -> Slice {
        core.read(path(core.rootPath))
    }
    /// The distinct values of one slice: the current one, then each new one (a slow consumer gets the newest); ends
    /// when the consuming task is cancelled.
    public func values<Slice: Equatable & Sendable>(_ path: (StatePath<State, State>) -> StatePath<State, Slice>) -> StoreValues<Slice> {
        StoreValues(core: core, path: path(core.rootPath))
    }
}
