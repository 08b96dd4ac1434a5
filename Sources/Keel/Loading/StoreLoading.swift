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
    ///     /// Loads the list into the state: loading at once (keeping what was
    ///     /// there), then loaded or failed; a load asked for while one runs joins it.
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
        let slice = path(core.rootPath), caller = (usecase, file)
        let core = core
        return loads.start(slice.link.steps, overlap: overlap) { (isLatest: @escaping LoadEnd<Value>) in
            core.update(slice, caller: caller) { $0 = $0.loadingAgain }
            return Task {
                let outcome = await LoadOutcome.run(operation, logbook: logbook, context: "Loading \(Value.self)")
                let ended = isLatest { core.update(slice, caller: caller) { loadable -> Loadable<Value> in
                    loadable = outcome.applied(to: loadable)
                    return loadable
                } }
                return ended ?? core.read(slice)
            }
        }
    }
}

/// Ends a load, while it is the latest of its slice, by running the body it
/// is given; `nil` (nothing run) once a later load of the slice started.
typealias LoadEnd<Value: Sendable> = @Sendable (() -> Loadable<Value>) -> Loadable<Value>?

/// The loads of a store that are running, by the steps of their slices.
///
/// `@unchecked Sendable` is sound because `running`, `slices` and
/// `lastNumber` are only read and written while `lock` is held.
final class RunningLoads: @unchecked Sendable {
    private let lock = NSLock()
    /// The latest load of each slice, by the slice's steps.
    private var running: [[PathStep]: (number: UInt64, task: any Sendable)] = [:]
    /// The slice of each load that has not ended, by the load's number.
    private var slices: [UInt64: [PathStep]] = [:]
    private var lastNumber: UInt64 = 0

    /// Returns the task running for `key` (`.join`), or the one `start` makes
    /// (cancelling the one running, `.replace`). `start` runs under the lock
    /// and receives a function that, while its load is still the latest of
    /// the slice, ends it by running `body` (and returns its result).
    func start<Result: Sendable>(
        _ key: [PathStep], overlap: LoadOverlap,
        _ start: (_ isLatest: @escaping @Sendable (() -> Result) -> Result?) -> Task<Result, Never>
    ) -> Task<Result, Never> {
        lock.lock()
        defer { lock.unlock() }
        if let current = running[key], let task = current.task as? Task<Result, Never> {
            guard overlap == .replace else { return task }
            task.cancel()
        }
        lastNumber += 1
        let number = lastNumber
        let task = start { [self] body in
            lock.withLock {
                guard let key = slices.removeValue(forKey: number), running[key]?.number == number else { return nil }
                running[key] = nil
                return body()
            }
        }
        running[key] = (number, task)
        slices[number] = key
        return task
    }
}
