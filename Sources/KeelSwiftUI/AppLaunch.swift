#if canImport(SwiftUI)
import Keel
import KeelTimeline
import Observation

/// Opens an app's container once for the whole app, whichever window asks
/// first; hold it in the `App` (made once per process):
///
/// <!-- snippet: Examples/Countries/CountriesApp.swiftpm/Sources/CountriesApplication.swift#appLaunch -->
/// ```swift
/// AppLaunch(timelineViewer: { $0.timelineViewer() }) {
///     let vessel = try await Vessel(
///         phase: .bundled, dataDirectory: Vessel.defaultDataDirectory(), timeline: AppLaunch<Vessel>.timelineLength)
///     Task { await vessel.followCountriesQuery() }
///     return vessel
/// }
/// ```
@MainActor
@Observable
public final class AppLaunch<Container: AnyObject & Sendable> {
    /// The container, once open.
    public private(set) var container: Container?
    /// The viewer of the store's timeline, made once with the container in a
    /// debug build (its debug menu shows it); `nil` in a release build.
    public private(set) var timelineViewer: TimelineViewModel?
    @ObservationIgnored private let make: @MainActor () async throws -> Container
    @ObservationIgnored private let makeViewer: @MainActor (Container) -> TimelineViewModel?
    /// The opening under way, which every window joins.
    @ObservationIgnored private var opening: Task<Container, any Error>?

    /// Opens the container with `make` when a window first asks.
    public init(
        timelineViewer: @escaping @MainActor (Container) -> TimelineViewModel? = { _ in nil },
        _ make: @escaping @MainActor () async throws -> Container
    ) {
        (self.make, makeViewer) = (make, timelineViewer)
    }

    /// The container: opened now, or by the opening under way (another
    /// window's). Throws what opening it threw; the next call tries again.
    public func open() async throws -> Container {
        if let container { return container }
        if let opening { return try await opening.value }
        let attempt = Task { @MainActor in try await make() }
        opening = attempt
        defer { opening = nil }
        let opened = try await attempt.value
        #if DEBUG
        timelineViewer = makeViewer(opened)
        #endif
        container = opened
        return opened
    }

    /// How many updates a store keeps in its timeline: 500 in a debug
    /// build, none (and no cost) in a release build.
    public static var timelineLength: Int? {
        #if DEBUG
        500
        #else
        nil
        #endif
    }
}
#endif
