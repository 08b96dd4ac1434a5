/// The single source of truth of an app, one `Equatable`, `Sendable` state, as its owner (the container and its
/// usecases) sees it; others get ``readOnly``.
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#storeUpdates -->
/// ```swift
/// store.update { $0.books = .loaded(Book.samples) }                  // the whole state: notifies once
/// store.update(at: { $0.books.value }) { $0?[0].isRead = true }      // one slice
/// ```
///
/// An update notifies each observer whose slice's value changed, once, and no other (see "How the store works").
/// Updates are atomic from any thread, and run their closures with the store locked: those must not use it.
public struct MutableStore<State: Equatable & Sendable>: Sendable {
    let core: StoreCore<State>
    /// The loads running into its slices (``load(at:overlap:logbook:usecase:file:_:)``).
    let loads = RunningLoads()
    /// Creates a store holding `initialState`, which tells `tap` of its changes (a timeline's, for development).
    public init(_ initialState: State, tap: (any StoreTap<State>)? = nil) { core = StoreCore(initialState, tap: tap) }
    /// The read-only face of this store, for everyone but its owner.
    public var readOnly: Store<State> { Store(core: core) }
    /// The whole state; inside Observation tracking, any change invalidates it.
    public var state: State { core.read(core.rootPath) }
    /// Reads one slice, as ``Store/read(_:)`` does: what a usecase reads to decide or to answer.
    public func read<Slice: Equatable>(_ path: (StatePath<State, State>) -> StatePath<State, Slice>) -> Slice {
        core.read(path(core.rootPath))
    }
    /// Changes any part of the state in one step, notifying observers once; if `body` throws, nothing changes and the
    /// error is rethrown. `usecase` and `file` name the caller to the store's tap.
    @discardableResult public func update<Result, Failure: Error>(
        usecase: String = #function, file: String = #fileID, _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try core.update(core.rootPath, caller: (usecase, file), body)
    }
    /// Changes one slice, written back only when its value changed, notifying the observers it affects; if `body`
    /// throws, nothing changes. Writing an element past the end traps, as an array does.
    @discardableResult public func update<Slice: Equatable & Sendable, Result, Failure: Error>(
        at path: (StatePath<State, State>) -> StatePath<State, Slice>, usecase: String = #function, file: String = #fileID,
        _ body: (inout Slice) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try core.update(path(core.rootPath), caller: (usecase, file), body)
    }
}
