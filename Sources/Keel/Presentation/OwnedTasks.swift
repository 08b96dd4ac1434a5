import Foundation

/// Tasks a view model owns, all cancelled when the owner is released: work
/// started by name, which replaces the work running under that name (a new
/// search cancels the previous one), and work without a name, which runs to
/// its end (two copies both run).
///
/// Dropping a `Task`'s handle does not cancel it. A view model keeps its
/// tasks here so that a new search cancels the previous one, and so that a
/// screen that goes away stops its work:
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#ownedTasks -->
/// ```swift
/// @ObservationIgnored private let tasks = OwnedTasks()
///
/// func send(_ event: Event) {
///     switch event {
///     case .search(let text):
///         tasks.run("search") { @MainActor [weak self, search] in
///             let found = await search(text)
///             guard !Task.isCancelled else { return }
///             self?.matches = found
///         }
///     }
/// }
/// ```
public final class OwnedTasks: Sendable {
    private let storage = Storage()

    /// Creates an empty set of tasks.
    public init() {}

    /// Starts `operation` under `name`, cancelling the task already running under that name.
    ///
    /// The task runs on the operation's actor (a view model's closure runs on the main actor).
    @discardableResult
    public func run(
        _ name: String, operation: @escaping @Sendable @isolated(any) () async -> Void
    ) -> Task<Void, Never> {
        let task = Task(operation: operation)
        storage.replace(name, with: task)
        Self.collector?.add(task)
        return task
    }

    /// Starts `operation`, which nothing replaces: it runs until it ends, or
    /// until every task is cancelled (``cancelAll()``, or the owner released).
    @discardableResult
    public func run(operation: @escaping @Sendable @isolated(any) () async -> Void) -> Task<Void, Never> {
        let task = Task(operation: operation)
        storage.keep(task)
        Self.collector?.add(task)
        return task
    }

    /// Cancels the task running under `name`, if any.
    public func cancel(_ name: String) {
        storage.replace(name, with: nil)
    }

    /// Whether a task was started under `name` and not cancelled or replaced since.
    ///
    /// A finished task still counts until it is cancelled or replaced.
    public func contains(_ name: String) -> Bool {
        storage.contains(name)
    }

    /// Cancels every task.
    public func cancelAll() {
        storage.removeAll()
    }

    deinit {
        storage.removeAll()
    }

    /// Runs `action` (a view model's `send`, typically) and waits until the
    /// work it started through owned tasks has ended, and the work that work
    /// started, and so on: a web route renders the page an event led to, a
    /// test asserts on the state it led to, without polling.
    ///
    /// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#waitForTasks -->
    /// ```swift
    /// await OwnedTasks.waitForTasks { viewModel.send(.appeared) }
    /// let page = viewModel.books.map(\.title).joined(separator: "\n")
    /// ```
    ///
    /// Work meant to last (a view model following a stream) never ends: start
    /// it outside `action`. Cancelling the calling task does not cancel the
    /// work, and the wait lasts until it ends (a view model cancels its work
    /// when it is released).
    public static func waitForTasks(
        isolation: isolated (any Actor)? = #isolation, startedBy action: () -> Void
    ) async {
        await tasks(startedBy: action).ended()
    }

    /// Runs `action` and returns the tasks it started through owned tasks, to
    /// wait for later (KeelTesting's `settle` waits with a time limit).
    public static func tasks(startedBy action: () -> Void) -> StartedTasks {
        let collector = StartedTasks()
        $collector.withValue(collector, operation: action)
        return collector
    }

    /// Collects the tasks that owned tasks start, in the task that sets it
    /// and in every task started from there, which inherit it.
    @TaskLocal private static var collector: StartedTasks?

    /// The tasks, by name or by number.
    ///
    /// `@unchecked Sendable` is sound because `tasks`, `unnamed` and
    /// `lastUnnamed` are only read and written while `lock` is held.
    private final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var tasks: [String: Task<Void, Never>] = [:]
        /// The tasks without a name, until they end.
        private var unnamed: [UInt64: Task<Void, Never>] = [:], lastUnnamed: UInt64 = 0

        func keep(_ task: Task<Void, Never>) {
            let number = lock.withLock {
                lastUnnamed += 1
                unnamed[lastUnnamed] = task
                return lastUnnamed
            }
            // Forgotten once it ends, so that a long-lived owner holds only what runs.
            Task { [weak self] in
                await task.value
                self?.lock.withLock { _ = self?.unnamed.removeValue(forKey: number) }
            }
        }

        func replace(_ name: String, with task: Task<Void, Never>?) {
            let previous = lock.withLock {
                let previous = tasks[name]
                tasks[name] = task
                return previous
            }
            previous?.cancel()
        }

        func contains(_ name: String) -> Bool {
            lock.withLock { tasks[name] != nil }
        }

        func removeAll() {
            let all = lock.withLock {
                let all = Array(tasks.values) + Array(unnamed.values)
                (tasks, unnamed) = ([:], [:])
                return all
            }
            for task in all { task.cancel() }
        }
    }
}

/// The tasks an event started through ``OwnedTasks``, and those they
/// started in turn (they inherit the collection).
public final class StartedTasks: Sendable {
    private let tasks = Locked<[Task<Void, Never>]>([])

    fileprivate init() {}

    fileprivate func add(_ task: Task<Void, Never>) {
        tasks.withLock { $0.append(task) }
    }

    /// Returns when every one of the tasks has ended.
    public func ended() async {
        var tasks = take()
        while !tasks.isEmpty {
            for task in tasks { await task.value }
            tasks = take()
        }
    }

    private func take() -> [Task<Void, Never>] {
        tasks.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
    }
}
