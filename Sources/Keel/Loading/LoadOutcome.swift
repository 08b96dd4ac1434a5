/// How one load ended: the outcome ``Loader`` and ``MutableStore/load(at:overlap:logbook:usecase:file:_:)``
/// turn into a ``Loadable``.
enum LoadOutcome<Value> {
    case loaded(Value)
    case failed(any Fizzle)
    case cancelled

    /// Runs `operation` and classifies how it ended.
    ///
    /// A ``Fizzle`` is a failure to show. Cancellation (the task was cancelled,
    /// or the operation threw `CancellationError`) is not a failure. Any other
    /// error is a developer error: it is recorded in `logbook` and shown as an
    /// ``UnexpectedFizzle``.
    static func run(
        _ operation: () async throws -> Value, logbook: any Logbook, context: String
    ) async -> LoadOutcome {
        do {
            let value = try await operation()
            return Task.isCancelled ? .cancelled : .loaded(value)
        } catch is CancellationError {
            return .cancelled
        } catch let fizzle as any Fizzle {
            return Task.isCancelled ? .cancelled : .failed(fizzle)
        } catch {
            if Task.isCancelled { return .cancelled }
            logbook.record(error, context: context)
            return .failed(UnexpectedFizzle())
        }
    }

    /// The state `previous` moves to after this outcome.
    func applied(to previous: Loadable<Value>) -> Loadable<Value> {
        switch self {
        case .loaded(let value): .loaded(value)
        case .failed(let fizzle): .failed(fizzle, last: previous.value)
        case .cancelled: previous.cancelled
        }
    }
}
