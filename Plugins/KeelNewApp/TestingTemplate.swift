// The new app's testing target: the raft (the Vessel over a stand-in
// worker) and sample items, for tests and previews.

/// Sources/Testing/Vessel+Raft.swift.
func raftSource(_ app: AppNames) -> String {
    #"""
    import Foundation
    import Keel
    import \#(app.app)
    import \#(app.domain)

    extension Vessel {
        /// The app's container over a stand-in worker serving `items`, from
        /// `state`, at a fixed time: for tests and previews, never in a release build.
        public static func raft(
            state: AppState = AppState(), items: [Item] = Item.samples,
            now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
        ) -> Vessel {
            Vessel(state: state, itemWork: FixtureItems(items), logbook: SilentLogbook(), now: now)
        }
    }

    /// A worker that serves the items it was given, or fails as it was told.
    public struct FixtureItems: ItemWork {
        let answer: Result<[Item], ItemFizzle>

        /// Serves `items`.
        public init(_ items: [Item]) { answer = .success(items) }

        /// Fails every call with `fizzle`.
        public init(failing fizzle: ItemFizzle) { answer = .failure(fizzle) }

        public func items() async throws(ItemFizzle) -> [Item] { try answer.get() }
    }

    extension Item {
        /// Items for tests and previews.
        public static let samples = [
            Item(id: 1, name: "First"),
            Item(id: 2, name: "두 번째"),
        ]
    }

    """#
}
