import Foundation

/// Tasks a view model owns: started by name, replaced when started again,
/// and all cancelled when the owner is released.
///
/// Dropping a `Task`'s handle does not cancel it. A view model keeps its
/// tasks here so that a new search cancels the previous one, and so that a
/// screen that goes away stops its work:
///
/// ```swift
/// @ObservationIgnored private let tasks = OwnedTasks()
///
/// func send(_ action: Action) {
///     switch action {
///     case .search(let text):
///         tasks.run("search") { [weak self, search] in
///             let codes = try? await search(text)
///             self?.matches = codes
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

    /// Collects the tasks that owned tasks start, in the task that sets it
    /// and in every task started from there, which inherit it.
    @TaskLocal static var collector: TaskCollector?

    /// For test tools (KeelTesting's `settle`): runs `body`, collecting in
    /// `collector` the tasks owned tasks start, there and in the tasks they start.
    @_spi(Testing)
    public static func collecting(into collector: TaskCollector, _ body: () -> Void) {
        $collector.withValue(collector, operation: body)
    }

    /// The tasks by name.
    ///
    /// `@unchecked Sendable` is sound because `tasks` is only read and
    /// written while `lock` is held.
    private final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var tasks: [String: Task<Void, Never>] = [:]

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
                let all = tasks
                tasks.removeAll()
                return all
            }
            for task in all.values { task.cancel() }
        }
    }
}

/// The tasks ``OwnedTasks`` started while it was their
/// ``OwnedTasks/collector``: the work an action started, for a test to wait for.
@_spi(Testing)
public final class TaskCollector: Sendable {
    private let tasks = Locked<[Task<Void, Never>]>([])

    /// Creates an empty collector.
    public init() {}

    func add(_ task: Task<Void, Never>) {
        tasks.withLock { $0.append(task) }
    }

    /// The tasks collected since the last call.
    public func take() -> [Task<Void, Never>] {
        tasks.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
    }
}
