/// A value that is loaded asynchronously, with the state of its loading.
///
/// `Loadable` is a plain value: put it in the app state or in a view model
/// and render each case. It keeps the last value while loading again and
/// after a failure, so a screen can keep showing what it had:
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#loadable -->
/// ```swift
/// func status(of books: Loadable<[Book]>) -> LocalizedText {
///     switch books {
///     case .notRequested: "Not loaded yet"
///     case .loading(let last): last == nil ? "Loading…" : "Updating…"
///     case .loaded(let books): "\(books.count) books"
///     case .failed(let fizzle, _): fizzle.message
///     }
/// }
/// ```
///
/// A `Loadable` cannot cancel anything by itself: start loads through a
/// ``Loader`` (in a view model) or ``MutableStore/load(at:overlap:logbook:usecase:file:_:)`` (in a usecase),
/// which keep the task so that cancelling really cancels it.
public enum Loadable<Value> {
    /// Nothing was asked for yet.
    case notRequested
    /// A load is running; `last` is the value from before, if any.
    case loading(last: Value?)
    /// The value is here.
    case loaded(Value)
    /// The last load failed with a user-facing error; `last` is the value from before, if any.
    case failed(any Fizzle, last: Value?)

    /// The loaded value, or the last value while loading or after a failure.
    ///
    /// Setting it replaces that value and keeps the state: a loaded value
    /// stays loaded (`nil` makes it not requested), a running load keeps
    /// running with the new value as its last one, and so does a failure.
    /// So a usecase changes one loaded element in one line, even while the
    /// list loads again:
    ///
    /// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#storeUpdates -->
    /// ```swift
    /// store.update { $0.books = .loaded(Book.samples) }                  // the whole state: notifies once
    /// store.update(at: { $0.books.value }) { $0?[0].isRead = true }      // one slice
    /// ```
    public var value: Value? {
        get {
            switch self {
            case .notRequested: nil
            case .loading(let last): last
            case .loaded(let value): value
            case .failed(_, let last): last
            }
        }
        set {
            switch self {
            case .notRequested, .loaded: self = newValue.map(Loadable.loaded) ?? .notRequested
            case .loading: self = .loading(last: newValue)
            case .failed(let error, _): self = .failed(error, last: newValue)
            }
        }
    }

    /// The error of the last load, when it failed.
    public var error: (any Fizzle)? {
        if case .failed(let error, _) = self { error } else { nil }
    }

    /// Whether a load is running.
    public var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    /// Transforms the value (loaded or last), keeping the state.
    public func map<Transformed, Failure: Error>(
        _ transform: (Value) throws(Failure) -> Transformed
    ) throws(Failure) -> Loadable<Transformed> {
        switch self {
        case .notRequested: .notRequested
        case .loading(let last): .loading(last: try last.map(transform))
        case .loaded(let value): .loaded(try transform(value))
        case .failed(let error, let last): .failed(error, last: try last.map(transform))
        }
    }

    /// The state of a load that starts now: loading, keeping the current value.
    public var loadingAgain: Loadable {
        .loading(last: value)
    }

    /// The state after a cancelled load: back to the value from before it, or
    /// to not requested when there was none.
    public var cancelled: Loadable {
        if let value { .loaded(value) } else { .notRequested }
    }
}

extension Loadable: Sendable where Value: Sendable {}

extension Loadable: Equatable where Value: Equatable {
    public static func == (lhs: Loadable, rhs: Loadable) -> Bool {
        switch (lhs, rhs) {
        case (.notRequested, .notRequested): true
        case let (.loading(lhs), .loading(rhs)): lhs == rhs
        case let (.loaded(lhs), .loaded(rhs)): lhs == rhs
        case let (.failed(lhsError, lhsLast), .failed(rhsError, rhsLast)):
            lhsError.isEqual(to: rhsError) && lhsLast == rhsLast
        default: false
        }
    }
}

extension Loadable: CustomStringConvertible {
    /// The case and its value, for logs and test failures.
    public var description: String {
        switch self {
        case .notRequested: "notRequested"
        case .loading(let last): "loading(last: \(last.map { "\($0)" } ?? "nil"))"
        case .loaded(let value): "loaded(\(value))"
        case .failed(let error, let last): "failed(\(error), last: \(last.map { "\($0)" } ?? "nil"))"
        }
    }
}
