import Foundation

/// What a load of a slice does when a load of the same slice is running.
public enum LoadOverlap: Sendable {
    /// Join the running load: it goes on, and its task is returned.
    case join
    /// Cancel the running load and start anew: only the new one's outcome is kept.
    case replace
}

extension MutableStore {
    /// Starts loading a value into a ``Loadable`` slice of the state, from a
    /// usecase: the slice is ``Loadable/loading(last:)`` (keeping its value)
    /// when this returns, so that no screen shows "not requested" after it
    /// asked.
    ///
    /// The load runs in a task of its own and ends in ``Loadable/loaded(_:)``
    /// or ``Loadable/failed(_:last:)``. Cancel the returned task to cancel
    /// the load: the slice goes back to the value from before it. While a
    /// load of the slice runs, another call joins it (the default) or
    /// replaces it, as `overlap` says; a replaced load changes nothing.
    ///
    /// <!-- snippet: Examples/ReadingList/Sources/App/Usecases/LoadBooks.swift#loadBooks -->
    /// ```swift
    /// extension Vessel {
    ///     public var loadBooksAction: LoadBooksUsecase { loadBooks }
    ///
    ///     func loadBooks() async {
    ///         _ = await store.load(at: { $0.books }, logbook: logbook) { [bookWork] in try await bookWork.books() }.value
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: Navigates from the whole state to the loadable slice.
    ///   - overlap: What to do when a load of the slice is running.
    ///   - logbook: Records errors that are not ``Fizzle``s, which are shown
    ///     as an ``UnexpectedFizzle``.
    ///   - usecase: Names the caller to the store's tap (its `#function`).
    ///   - file: The caller's file, for the tap (its `#fileID`).
    ///   - operation: Produces the value.
    /// - Returns: The task of the load; its value is the slice once the load ended.
    @discardableResult
    public func load<Value: Equatable & Sendable>(
        at path: (StatePath<State, State>) -> StatePath<State, Loadable<Value>>,
        overlap: LoadOverlap = .join,
        logbook: any Logbook = ConsoleLogbook(),
        usecase: String = #function, file: String = #fileID,
        _ operation: @escaping @Sendable () async throws -> Value
    ) -> Task<Loadable<Value>, Never> {
        let slice = path(core.rootPath), caller = (usecase, file), core = core
        return loads.join(slice.link.steps) { (run: SharedRun<Loadable<Value>>) in
            if overlap == .replace { run.cancel() }
            core.update(slice, caller: caller) { $0 = $0.loadingAgain }
            return run.join { isLatest in
                let outcome = await LoadOutcome.run(operation, logbook: logbook, context: "Loading \(Value.self)")
                // A load that a later one replaced writes nothing.
                if isLatest() { core.update(slice, caller: caller) { $0 = outcome.applied(to: $0) } }
                return core.read(slice)
            }
        }
    }
}

/// The loads of a store, one ``SharedRun`` per slice, by the slice's steps.
final class RunningLoads: Sendable {
    private let runs = Locked([[PathStep]: any Running]())

    /// Hands `start` the shared run of the slice at `key` (made if need be),
    /// with no other load of a slice starting meanwhile, and returns its task.
    func join<Value>(_ key: [PathStep], _ start: (SharedRun<Value>) -> Task<Value, Never>) -> Task<Value, Never> {
        runs.withLock { runs in
            // The runs of slices that nothing loads any more are forgotten.
            runs = runs.filter { $0.value.isRunning }
            let run = runs[key] as? SharedRun<Value> ?? SharedRun()
            runs[key] = run
            return start(run)
        }
    }
}

/// A ``SharedRun`` of any value, as ``RunningLoads`` keeps it.
protocol Running: Sendable { var isRunning: Bool { get } }
extension SharedRun: Running {}
