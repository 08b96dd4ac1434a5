// The new app's Domain: plain values, the worker's protocol, the usecases'
// signatures and Serving. It imports Keel only.

/// Sources/Domain/Item.swift: the entity.
let itemSource = #"""
    /// One thing the app lists: rename it after what yours lists.
    public struct Item: Identifiable, Equatable, Sendable {
        public let id: Int
        public var name: String

        public init(id: Int, name: String) {
            (self.id, self.name) = (id, name)
        }
    }

    """#

/// Sources/Domain/AppState.swift: the single source of truth.
let appStateSource = #"""
    import Keel

    /// The app's single source of truth: everything the screens show that is
    /// not theirs alone. Only usecases write it (through the Vessel's store).
    public struct AppState: Equatable, Sendable {
        /// The items, as loaded from the web service.
        public var items: Loadable<[Item]> = .notRequested

        public init() {}
    }

    """#

/// Sources/Domain/ItemFizzle.swift: what can go wrong, for people.
let fizzleSource = #"""
    import Keel
    import KeelWebClient

    /// What can go wrong, in the words the person using the app reads.
    public enum ItemFizzle: Fizzle {
        case offline
        case serviceUnavailable

        public var message: LocalizedText {
            switch self {
            case .offline: "You're offline. Check your connection and try again."
            case .serviceUnavailable: "The items can't be loaded right now."
            }
        }
    }

    /// The one place where a web failure becomes what people read.
    extension ItemFizzle: WebFizzle {
        public init(_ error: WebError) {
            switch error {
            case .offline, .timeout, .cancelled: self = .offline
            case .status, .undecodable, .invalidRequest, .transport: self = .serviceUnavailable
            }
        }
    }

    """#

/// Sources/Domain/ItemWork.swift: the worker's protocol.
let workSource = #"""
    /// Reads the items from wherever they are kept; implemented by a worker in
    /// Data, so that Domain depends on no library.
    public protocol ItemWork: Sendable {
        /// Every item.
        func items() async throws(ItemFizzle) -> [Item]
    }

    """#

/// Sources/Domain/Usecases.swift: the usecases' signatures.
let usecasesSource = #"""
    // The usecases: functions, not classes. Each has one stem: the typealias
    // `LoadItemsUsecase`, the `Serving` property `loadItemsAction`, the file
    // `App/Usecases/LoadItems.swift` and the Vessel's function `loadItems()`.
    // An Action answers a request: it returns a result, changes the app state,
    // or both. A Query keeps a part of the app state in sync with a source.
    // `swift package --allow-writing-to-package-directory keel-add-usecase NAME --action`
    // (or `--query`) adds one here, in Serving, in App and in the tests.

    /// Action: loads the items into ``AppState/items``.
    public typealias LoadItemsUsecase = @Sendable () async -> Void

    """#

/// Sources/Domain/Serving.swift: what screens receive from the container.
let servingSource = #"""
    import Keel

    /// What screens receive from the container: the read-only app state and the
    /// usecases. The app's Vessel implements it; tests and previews build the
    /// same Vessel with stand-in workers.
    public protocol Serving: Sendable {
        var appState: Store<AppState> { get }
        var loadItemsAction: LoadItemsUsecase { get }
    }

    """#
