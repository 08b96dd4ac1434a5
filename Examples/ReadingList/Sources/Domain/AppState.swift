import Keel

/// The app's single source of truth: everything the screens show that is
/// not theirs alone. Only usecases write it (through the Vessel's store).
// snippet.state
public struct AppState: Equatable, Sendable {
    /// The reading list, as loaded from the web service.
    public var books: Loadable<[Book]> = .notRequested

    public init() {}
}
// snippet.end
