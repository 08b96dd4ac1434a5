// The new app's Domain: plain values, the worker's protocol, and Serving
// with the usecases' contracts and signatures. It imports Keel only.

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
        /// The item asked for is not in the list (any more).
        case unknownItem

        public var message: LocalizedText {
            switch self {
            case .offline: "You're offline. Check your connection and try again."
            case .serviceUnavailable: "The items can't be loaded right now."
            case .unknownItem: "This item is no longer in the list."
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

/// Sources/Domain/Serving.swift: what screens receive from the container,
/// and the usecases' contracts (the docs of its requirements) and signatures.
let servingSource = #"""
    import Keel

    // The usecases: functions, not classes. Each has one stem: the `Serving`
    // property `loadItemsAction`, the typealias `LoadItemsUsecase`, the file
    // `App/Usecases/LoadItems.swift` and the Vessel's function `loadItems()`.
    // An Action answers a request: it returns a result, changes the app state,
    // or both. A Query keeps a part of the app state in sync with a source.
    // A usecase is written in two places: its contract here (the doc of its
    // requirement, and its signature after the protocol), its body in its file.
    // `swift package --allow-writing-to-package-directory keel-add-usecase NAME --action`
    // (or `--query`; `--view-model ItemListViewModel` gives it to one) adds one
    // here, in App and in the tests.

    /// What screens receive from the container: the read-only app state and the
    /// usecases. The app's Vessel implements it; tests and previews build the
    /// same Vessel with stand-in workers.
    public protocol Serving: Sendable {
        var appState: Store<AppState> { get }
        /// Action: loads the items into ``AppState/items``: loading at once
        /// (keeping what was there), then loaded or failed; a load asked for
        /// while one runs joins it.
        var loadItemsAction: LoadItemsUsecase { get }
    }

    /// The signature of ``Serving/loadItemsAction``.
    public typealias LoadItemsUsecase = @Sendable () async -> Void

    """#
