// The new app's Presentation: one view model, `@MainActor @Observable`,
// changed only through `send(_:)`.

/// Sources/Presentation/ItemListViewModel.swift.
func viewModelSource(_ app: AppNames) -> String {
    #"""
    import Keel
    import Observation
    import \#(app.domain)

    /// The list screen: the items, loaded when it appears, with a retry when
    /// loading failed.
    @MainActor
    @Observable
    public final class ItemListViewModel: ViewModel {
        /// What the person does on the screen.
        public enum Event: Sendable, Equatable {
            case appeared
            case retry
        }

        private let appState: Store<AppState>
        private let loadItems: LoadItemsUsecase
        @ObservationIgnored private let tasks = OwnedTasks()

        /// Takes what it needs from the container, and lets the container go.
        public init(_ service: any Serving) {
            appState = service.appState
            loadItems = service.loadItemsAction
        }

        /// Handles what the person did: (re)loads the items.
        public func send(_ event: Event) {
            switch event {
            case .appeared, .retry:
                tasks.run("load") { [loadItems] in await loadItems() }
            }
        }

        /// The items to show: loaded, or the last ones while loading again.
        /// A slice of the app state, observed: the screen follows its changes.
        public var items: [Item] { appState.read { $0.items }.value ?? [] }
        /// Whether a load runs.
        public var isLoading: Bool { appState.read { $0.items }.isLoading }
        /// Why the items could not be loaded, in words for the person.
        public var errorMessage: LocalizedText? { appState.read { $0.items }.error?.message }
    }

    """#
}
