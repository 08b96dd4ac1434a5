extension MutableStore {
    /// Loads a value into a ``Loadable`` slice of the state, from a usecase.
    ///
    /// The slice becomes ``Loadable/loading(last:)`` at once, keeping its value,
    /// then ``Loadable/loaded(_:)`` or ``Loadable/failed(_:last:)``. When the
    /// calling task is cancelled, the slice goes back to the value from before
    /// the load: cancel the task that runs the usecase to cancel the load.
    ///
    /// Loads of one slice may overlap (a refresh while one runs): the one
    /// started last decides the slice's state. An earlier one that ends
    /// later — loaded, failed or cancelled — changes nothing, and the slice
    /// stays loading until the last one ends.
    ///
    /// ```swift
    /// func refresh() async {
    ///     await store.load(at: { $0.countries }) { try await webWork.countries() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: Navigates from the whole state to the loadable slice.
    ///   - logbook: Records errors that are not ``Fizzle``s, which are shown as
    ///     an ``UnexpectedFizzle``.
    ///   - operation: Produces the value.
    /// - Returns: The slice's state after the load (or, when a later load of
    ///   the slice runs, its state then).
    @discardableResult
    public func load<Value: Equatable & Sendable>(
        at path: (StatePath<State, State>) -> StatePath<State, Loadable<Value>>,
        logbook: any Logbook = ConsoleLogbook(),
        _ operation: () async throws -> Value
    ) async -> Loadable<Value> {
        let slice = path(core.rootPath)
        let number = core.beginLoad(slice)
        let outcome = await LoadOutcome.run(operation, logbook: logbook, context: "Loading \(Value.self)")
        return core.finishLoad(slice, number: number, outcome)
    }
}
