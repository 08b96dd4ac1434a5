import Foundation
import Observation

/// Runs loads of one value for a view model and keeps their task, so that
/// cancelling really cancels.
///
/// A ``Loadable`` is a value and cannot hold the task that loads it; dropping
/// a task's handle does not cancel it. A `Loader` owns the running task:
/// ``cancel()`` cancels it (the worker's code sees `Task.isCancelled` and
/// URLSession requests stop) and puts the state back to the last value at once.
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#loader -->
/// ```swift
/// @MainActor
/// @Observable
/// final class BookDetailsViewModel {
///     enum Event { case load, cancel }
///     let details = Loader<Book>()
///     private let loadBook: @Sendable () async throws -> Book
///
///     init(loadBook: @escaping @Sendable () async throws -> Book) { self.loadBook = loadBook }
///
///     func send(_ event: Event) {
///         switch event {
///         case .load: details.load { [loadBook] in try await loadBook() }
///         case .cancel: details.cancel()
///         }
///     }
/// }
/// ```
///
/// Starting a load while another runs cancels the running one. A load that
/// throws a ``Fizzle`` ends in ``Loadable/failed(_:last:)``; any other error is
/// recorded in the logbook and shown as an ``UnexpectedFizzle``.
@MainActor
public final class Loader<Value: Sendable>: Observable {
    /// The state of the value and of its loading; observable, as an `@Observable` property is.
    public private(set) var state: Loadable<Value> {
        get {
            subject.access()
            return current
        }
        set {
            current = newValue
            subject.announceChange()
        }
    }

    private var current: Loadable<Value>
    /// Observed in place of `state` (not `@Observable`: see ``ObservationSubject``).
    private let subject = ObservationSubject()
    private let tasks = OwnedTasks()
    private var generation = 0
    private let logbook: any Logbook

    /// Creates a loader in `state`, recording developer errors in `logbook`.
    public init(_ state: Loadable<Value> = .notRequested, logbook: any Logbook = ConsoleLogbook()) {
        current = state
        self.logbook = logbook
    }

    /// Starts loading with `operation`, cancelling any load still running.
    ///
    /// The state becomes ``Loadable/loading(last:)`` at once, keeping the current value.
    ///
    /// - Returns: The task running the load; awaiting its value waits until the
    ///   state reflects the outcome.
    @discardableResult
    public func load(_ operation: @escaping @Sendable () async throws -> Value) -> Task<Void, Never> {
        generation += 1
        let generation = generation
        state = state.loadingAgain
        let logbook = logbook
        return tasks.run("load") { @MainActor [weak self] in
            let outcome = await LoadOutcome.run(operation, logbook: logbook, context: "Loading \(Value.self)")
            self?.finish(generation, with: outcome)
        }
    }

    /// Cancels the running load, if any, and puts the state back to the value
    /// from before it (or to not requested).
    public func cancel() {
        guard state.isLoading else { return }
        tasks.cancel("load")
        generation += 1
        state = state.cancelled
    }

    /// Replaces the state, cancelling any running load; for a value obtained elsewhere.
    public func set(_ state: Loadable<Value>) {
        tasks.cancel("load")
        generation += 1
        self.state = state
    }

    private func finish(_ generation: Int, with outcome: LoadOutcome<Value>) {
        // A load that was cancelled or replaced no longer owns the state.
        guard generation == self.generation else { return }
        state = outcome.applied(to: state)
    }
}
