// What keel-add-usecase writes: the Serving requirement with the usecase's
// contract, the signature, the Vessel's function and the test, of an action
// or a query. Each starts from the worker and the state keel-new-app made
// (`itemWork`, `AppState.items`); the app changes them into what the usecase
// does, keeping the test passing.

/// The requirement added to the protocol Serving (Sources/Domain/Serving.swift),
/// with the usecase's one doc: its contract.
func requirement(_ usecase: UsecaseNames) -> String {
    switch usecase.kind {
    case .action:
        #"""
            /// Action: returns the items the worker has, leaving the app state as
            /// it is; a failure reaches the caller as an `ItemFizzle`.
            var \#(usecase.property): \#(usecase.type) { get }
        """#
    case .query:
        #"""
            /// Query: copies the worker's items into ``AppState/items``, one way:
            /// loading at once, then loaded or failed (the failure's message is
            /// what screens show).
            var \#(usecase.property): \#(usecase.type) { get }
        """#
    }
}

/// The typealias added after the protocol, in Sources/Domain/Serving.swift.
func signature(_ usecase: UsecaseNames) -> String {
    switch usecase.kind {
    case .action:
        #"""
        /// The signature of ``Serving/\#(usecase.property)``.
        public typealias \#(usecase.type) = @Sendable () async throws(ItemFizzle) -> [Item]
        """#
    case .query:
        #"""
        /// The signature of ``Serving/\#(usecase.property)``.
        public typealias \#(usecase.type) = @Sendable () async -> Void
        """#
    }
}

/// The usecase's file in App: the Vessel hands it out as its `Serving`
/// property, and implements it in a function of the same stem.
func body(_ usecase: UsecaseNames, app: AppModules) -> String {
    switch usecase.kind {
    case .action:
        #"""
        import \#(app.domain)

        extension Vessel {
            public var \#(usecase.property): \#(usecase.type) { \#(usecase.function) }

            func \#(usecase.function)() async throws(ItemFizzle) -> [Item] {
                try await itemWork.items()
            }
        }

        """#
    case .query:
        #"""
        import Keel
        import \#(app.domain)

        extension Vessel {
            public var \#(usecase.property): \#(usecase.type) { \#(usecase.function) }

            func \#(usecase.function)() async {
                _ = await store.load(at: { $0.items }, logbook: logbook) { [itemWork] in try await itemWork.items() }.value
            }
        }

        """#
    }
}

/// The usecase's test: over the raft, its success and its failure.
func test(_ usecase: UsecaseNames, app: AppModules) -> String {
    let imports = #"""
        import Keel
        import KeelTesting
        import \#(app.app)
        import \#(app.domain)
        import \#(app.testing)
        import Testing

        """#
    switch usecase.kind {
    case .action:
        return imports + #"""

            @Suite("\#(usecase.stem)", .timeLimit(.minutes(1)))
            struct \#(usecase.stem)Tests {
                @Test("\#(usecase.function) returns the worker's items and leaves the app state as it was")
                func answers() async throws {
                    let raft = Vessel.raft()
                    let recorder = StateRecorder(raft.appState)

                    let items = try await raft.\#(usecase.property)()

                    #expect(items == Item.samples)
                    recorder.expectNoChanges()
                }

                @Test("\#(usecase.function) hands the worker's failure to the caller")
                func fails() async {
                    let vessel = Vessel(itemWork: FixtureItems(failing: .offline))

                    await #expect(throws: ItemFizzle.offline) { try await vessel.\#(usecase.property)() }
                }
            }

            """#
    case .query:
        return imports + #"""

            @Suite("\#(usecase.stem)", .timeLimit(.minutes(1)))
            struct \#(usecase.stem)Tests {
                @Test("\#(usecase.function) copies the worker's items into the app state")
                func copies() async {
                    let raft = Vessel.raft()
                    let recorder = StateRecorder(raft.appState)

                    await raft.\#(usecase.property)()

                    recorder.expect(
                        { $0.items = .loading(last: nil) },
                        { $0.items = .loaded(Item.samples) })
                }

                @Test("\#(usecase.function) puts the worker's failure in the app state, in words for people")
                func fails() async {
                    let vessel = Vessel(itemWork: FixtureItems(failing: .offline))

                    await vessel.\#(usecase.property)()

                    #expect(vessel.appState.read { $0.items }.error?.message == ItemFizzle.offline.message)
                }
            }

            """#
    }
}
