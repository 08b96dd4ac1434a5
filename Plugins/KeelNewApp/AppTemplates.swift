// The new app's App layer: the Vessel (the container) and its one usecase.

/// Sources/App/Vessel.swift.
func vesselSource(_ app: AppNames) -> String {
    #"""
    import Foundation
    import Keel
    import \#(app.data)
    import \#(app.domain)

    /// The app's container: it owns the store and the workers, and serves the
    /// usecases to the screens as `Serving`. Each usecase is an extension of it,
    /// in a file of its own under `Usecases/` (an action) or `Queries/` (a query).
    public final class Vessel: Serving {
        let store: MutableStore<AppState>
        let itemWork: any ItemWork
        let logbook: any Logbook
        /// The clock: usecases ask it the time, never `Date()`, so that a
        /// test's raft fixes it.
        let now: @Sendable () -> Date

        /// A container over these workers: the app's, or a test's stand-ins.
        public init(
            state: AppState = AppState(), itemWork: any ItemWork,
            logbook: any Logbook = ConsoleLogbook(label: "\#(app.name.lowercased())"), now: @escaping @Sendable () -> Date = { Date() }
        ) {
            store = MutableStore(state)
            self.itemWork = itemWork
            self.logbook = logbook
            self.now = now
        }

        /// The app's container, reading the items from the service at `baseURL`.
        public convenience init(baseURL: URL) {
            let logbook = ConsoleLogbook(label: "\#(app.name.lowercased())")
            self.init(itemWork: ItemWebWorker(baseURL: baseURL, logbook: logbook), logbook: logbook)
        }

        public var appState: Store<AppState> { store.readOnly }
    }

    """#
}

/// Sources/App/Usecases/LoadItems.swift.
func loadItemsSource(_ app: AppNames) -> String {
    #"""
    import Keel
    import \#(app.domain)

    extension Vessel {
        public var loadItemsAction: LoadItemsUsecase { loadItems }

        func loadItems() async {
            _ = await store.load(at: { $0.items }, logbook: logbook) { [itemWork] in try await itemWork.items() }.value
        }
    }

    """#
}
