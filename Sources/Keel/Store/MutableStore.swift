/// The single source of truth for an app-wide state value, as its owner sees it.
///
/// A `MutableStore` holds one `Equatable`, `Sendable` state value. Its owner —
/// the app's container (Vessel) and the usecases it runs — writes through it;
/// everyone else receives the read-only face, ``readOnly``, which has no way to
/// write:
///
/// ```swift
/// let store = MutableStore(AppState())
/// let appState: Store<AppState> = store.readOnly   // hand this to screens
///
/// store.update { state in                          // bulk: notifies once
///     state.routing.selectedCountry = "KOR"
///     state.routing.isFlagSheetShown = false
/// }
/// store.update(at: { $0.countries[3] }) { $0.population += 1 }   // one slice
/// ```
///
/// ## Notification
///
/// Observers watch slices named by ``StatePath``s (see ``Store``). An update
/// notifies each observer whose slice changed exactly once, and no other
/// observer. ``update(at:_:)`` costs in proportion to the slices the change can
/// reach, not to the number of observed slices; ``update(_:)`` compares observed
/// slices top-down and skips every part of the state that did not change.
///
/// ## Threads
///
/// A store is safe to use from any thread or task. Updates are atomic and
/// serialized. The closures passed to `update` run while the store is locked:
/// they must not read from or write to the same store.
///
/// Observation runs a tracking scope's change handler from every announcement
/// that reaches the scope before the handler cancels it, as for any
/// `Observable` type: when updates on several threads change a slice at the
/// same moment, its handler may run once for each of them.
public struct MutableStore<State: Equatable & Sendable>: Sendable {
    let core: StoreCore<State>

    /// Creates a store holding `initialState`.
    public init(_ initialState: State) {
        core = StoreCore(initialState)
    }

    /// The read-only face of this store, for everyone but its owner.
    public var readOnly: Store<State> {
        Store(core: core)
    }

    /// The current state.
    ///
    /// Inside Observation tracking this reads the whole state; prefer
    /// ``Store/read(_:)`` with a path to depend on one slice.
    public var state: State {
        core.read(core.rootPath)
    }

    /// How many value sequences (``Store/values(_:)``) are being consumed now.
    ///
    /// A sequence subscribes when its iteration starts and unsubscribes when
    /// the consuming task is cancelled or the iterator is released, so this
    /// tells whether a screen that went away still holds on to the store.
    public var valueSubscriberCount: Int {
        core.subscribers
    }

    /// Changes any part of the state in one step and notifies observers once.
    ///
    /// `body` receives the current state to modify. If it throws, the state is
    /// left unchanged and the error is rethrown. Observers of each slice whose
    /// value differs afterwards are notified once; nobody else is.
    ///
    /// - Returns: What `body` returns.
    @discardableResult
    public func update<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try core.update(body)
    }

    /// Changes one slice of the state and notifies the observers it affects.
    ///
    /// The cost of the notification grows with the observers of slices the
    /// change can reach (the slice, the values containing it, and anything
    /// below it), not with the number of slices observed elsewhere. If `body`
    /// throws, the state is left unchanged and the error is rethrown.
    ///
    /// ```swift
    /// store.update(at: { $0.countries[index] }) { country in
    ///     country.population = 51_700_000
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: Navigates from the whole state to the slice to change.
    ///   - body: Modifies the slice.
    /// - Returns: What `body` returns.
    @discardableResult
    public func update<Slice: Equatable, Result, Failure: Error>(
        at path: (StatePath<State, State>) -> StatePath<State, Slice>,
        _ body: (inout Slice) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try core.update(path(core.rootPath), body)
    }
}
