/// The read-only face of a ``MutableStore``: what screens, view models and
/// workers receive.
///
/// A `Store` can read the state and observe slices of it, and nothing else:
/// it has no method that writes, and no way to reach the ``MutableStore`` it
/// came from. Only usecases, which run inside the app's container, change the
/// state.
///
/// Name a slice with a closure that navigates from the whole state:
///
/// ```swift
/// // In a SwiftUI view or any `withObservationTracking` scope: invalidated
/// // only when `showsRegion` changes, never for a change elsewhere.
/// let showsRegion = appState.read { $0.settings.showsRegion }
///
/// // Outside the UI: an asynchronous sequence of distinct values.
/// for await code in appState.values({ $0.routing.selectedCountry }) { … }
/// ```
public struct Store<State: Equatable & Sendable>: Sendable {
    let core: StoreCore<State>

    /// The current state.
    ///
    /// Inside Observation tracking this depends on the whole state, so any
    /// change invalidates it; use ``read(_:)`` to depend on one slice.
    public var state: State {
        core.read(core.rootPath)
    }

    /// Reads one slice of the state.
    ///
    /// Inside Observation tracking (a SwiftUI `body`, `withObservationTracking`),
    /// the reader is invalidated when this slice's value changes, and only then.
    ///
    /// - Parameter path: Navigates from the whole state to the slice.
    public func read<Slice: Equatable>(_ path: (StatePath<State, State>) -> StatePath<State, Slice>) -> Slice {
        core.read(path(core.rootPath))
    }

    /// The distinct values of one slice: its current value first, then each
    /// new value after a change.
    ///
    /// The sequence keeps the newest value for a slow consumer rather than
    /// buffering every change, and never delivers the same value twice in a
    /// row. It ends when the consuming task is cancelled.
    ///
    /// - Parameter path: Navigates from the whole state to the slice.
    public func values<Slice: Equatable & Sendable>(
        _ path: (StatePath<State, State>) -> StatePath<State, Slice>
    ) -> StoreValues<Slice> {
        StoreValues(core: core, path: path(core.rootPath))
    }
}
