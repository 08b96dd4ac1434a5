import Foundation
import Keel

/// The single source of truth of the Countries app.
///
/// One value, grouped in two levels (article 001): `system`, `routing`,
/// `settings` and the country list. Routing belongs to a scene (a window on
/// iPadOS and macOS, a browser tab on the web): each scene navigates on its
/// own, while the settings and the data are the app's. Screens read it through
/// ``Serving/appState`` and observe slices of it; only usecases write it.
public struct AppState: Equatable, Sendable {
    /// The state of the system the app runs in.
    public var system = System()
    /// Where each scene is, by scene id: navigation as state, so that deep
    /// links only set state. A scene that never navigated has no entry.
    public var routing: [String: Routing] = [:]
    /// The person's settings.
    public var settings = Settings()
    /// The countries, kept in sync with the database by a query.
    public var countries: Loadable<[Country]> = .notRequested
    /// The last refresh of the countries from the live API.
    public var refresh: Loadable<RefreshReport> = .notRequested

    /// Creates the initial state.
    public init() {}

    /// Where the scene `id` is: its routing, or the list with nothing presented.
    public func routing(of scene: String) -> Routing {
        routing[scene] ?? Routing()
    }

    /// The state of the system the app runs in.
    public struct System: Equatable, Sendable {
        /// The scenes (windows, browser tabs) that are not active: their
        /// content is hidden, as an inactive app hides its content.
        public var inactiveScenes: Set<String> = []

        /// Whether the scene `id` is active.
        public func isActive(scene id: String) -> Bool {
            !inactiveScenes.contains(id)
        }

        /// Creates the system state.
        public init() {}
    }

    /// Where one scene is: navigation as state.
    public struct Routing: Equatable, Sendable {
        /// The stack of countries whose details are open, from the list: the
        /// last is on screen. Opening a neighbour pushes it.
        public var path: [String] = []
        /// The country whose flag sheet is shown, if any.
        public var flagSheet: String?

        /// Creates routing at `path` (the list when empty), showing the flag sheet of `flagSheet`.
        public init(path: [String] = [], flagSheet: String? = nil) {
            self.path = path
            self.flagSheet = flagSheet
        }
    }

    /// The person's settings.
    public struct Settings: Equatable, Sendable {
        /// The region switch: group the list by region and show the region in details.
        public var showsRegion = true
        /// The language country names are shown in; `nil` (until the
        /// reader chooses one) for the language each scene is read in.
        public var language: NameLanguage?

        /// Creates the default settings.
        public init() {}
    }
}

/// The outcome of a refresh from the live API.
public struct RefreshReport: Equatable, Sendable {
    /// How many countries the API returned.
    public var count: Int
    /// When the refresh finished.
    public var date: Date

    /// Creates a report.
    public init(count: Int, date: Date) {
        self.count = count
        self.date = date
    }
}
