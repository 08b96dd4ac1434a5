// What keel-add-usecase writes: the Serving requirement with the usecase's
// contract, the signature, the container's function and the test, of an
// action or a query. Each is a small, correct instance of its kind, over the
// list the app's state holds (`AppState.items: Loadable<[Item]>` in a new
// app): the action changes it and fails for an item that is not there; the
// query keeps it in step with a source until its caller stops. The app
// changes them into what its usecase does, keeping the test passing.

/// The requirement added to the protocol Serving, with the usecase's one doc: its contract.
func requirement(_ usecase: UsecaseNames, _ app: AppLayout) -> String {
    switch usecase.kind {
    case .action:
        #"""
            /// Action: removes the \#(app.entity) with an identifier from ``\#(app.state)/\#(app.slice)``;
            /// one that is not there fails with ``\#(app.unknown.fizzle)/\#(app.unknown.name)``
            /// and changes nothing.
            var \#(usecase.property): \#(usecase.type) { get }
        """#
    case .query:
        #"""
            /// Query: keeps ``\#(app.state)/\#(app.slice)`` in step with `source`, one way,
            /// until the source ends or the calling task is cancelled.
            var \#(usecase.property): \#(usecase.type) { get }
        """#
    }
}

/// The typealias added after the protocol.
func signature(_ usecase: UsecaseNames, _ app: AppLayout) -> String {
    switch usecase.kind {
    case .action:
        #"""
        /// The signature of ``Serving/\#(usecase.property)``.
        public typealias \#(usecase.type) = @Sendable (_ id: \#(app.entity).ID) throws(\#(app.unknown.fizzle)) -> Void
        """#
    case .query:
        #"""
        /// The signature of ``Serving/\#(usecase.property)``.
        public typealias \#(usecase.type) = @Sendable (_ source: AsyncStream<[\#(app.entity)]>) async -> Void
        """#
    }
}

/// The usecase's file in App: the container hands it out as its `Serving`
/// property, and implements it in a function of the same stem.
func body(_ usecase: UsecaseNames, _ app: AppLayout) -> String {
    switch usecase.kind {
    case .action:
        #"""
        import \#(app.domain.name)

        extension \#(app.container) {
            public var \#(usecase.property): \#(usecase.type) { \#(usecase.function) }

            func \#(usecase.function)(_ id: \#(app.entity).ID) throws(\#(app.unknown.fizzle)) {
                // A closure that throws names its error type: Swift infers `any Error` otherwise.
                try \#(app.store).update(at: { $0.\#(app.slice).value }) { list throws(\#(app.unknown.fizzle)) in
                    guard let index = list?.firstIndex(where: { $0.id == id }) else { throw \#(app.unknown.expression(id: "id")) }
                    list?.remove(at: index)
                }
            }
        }

        """#
    case .query:
        #"""
        import \#(app.domain.name)

        extension \#(app.container) {
            public var \#(usecase.property): \#(usecase.type) { \#(usecase.function) }

            // The source is a parameter here; an app's comes from a worker
            // (a database observation, a socket) the container holds.
            func \#(usecase.function)(_ source: AsyncStream<[\#(app.entity)]>) async {
                for await list in source {
                    \#(app.store).update(at: { $0.\#(app.slice) }) { $0 = .loaded(list) }
                }
            }
        }

        """#
    }
}

/// The usecase's test, over the raft: what shows its kind.
func test(_ usecase: UsecaseNames, _ app: AppLayout) -> String {
    let imports = #"""
        import Keel
        import KeelTesting
        import \#(app.app.name)
        import \#(app.domain.name)
        import \#(app.testing.name)
        import Testing

        """#
    let entity = app.entity, slice = app.slice, state = app.state
    switch usecase.kind {
    case .action:
        return imports + #"""

            @Suite("\#(usecase.stem)", .timeLimit(.minutes(1)))
            struct \#(usecase.stem)Tests {
                @Test("\#(usecase.function) changes the state: the \#(entity) leaves the list")
                func changes() async throws {
                    var state = \#(state)()
                    state.\#(slice) = .loaded(\#(entity).samples)
                    let raft = \#(app.raftCall)(state: state)
                    let recorder = StateRecorder(raft.appState)

                    try raft.\#(usecase.property)(\#(entity).samples[0].id)

                    recorder.expect { $0.\#(slice) = .loaded(Array(\#(entity).samples.dropFirst())) }
                }

                @Test("\#(usecase.function) fails for a \#(entity) that is not there, and changes nothing")
                func fails() async throws {
                    let raft = \#(app.raftCall)(state: \#(state)())
                    let recorder = StateRecorder(raft.appState)
                    let id = \#(entity).samples[0].id

                    #expect(throws: \#(app.unknown.fizzle)\#(app.unknown.expression(id: "id"))) { try raft.\#(usecase.property)(id) }
                    recorder.expectNoChanges()
                }
            }

            """#
    case .query:
        return imports + #"""

            @Suite("\#(usecase.stem)", .timeLimit(.minutes(1)))
            @MainActor
            struct \#(usecase.stem)Tests {
                @Test("\#(usecase.function) follows its source, and ends when its caller's task is cancelled")
                func follows() async throws {
                    let raft = \#(app.raftCall)(state: \#(state)())
                    let recorder = StateRecorder(raft.appState)
                    let (source, changes) = AsyncStream.makeStream(of: [\#(entity)].self)
                    let (first, second) = (Array(\#(entity).samples.prefix(1)), \#(entity).samples)
                    let following = Task { await raft.\#(usecase.property)(source) }

                    changes.yield(first)
                    await waitUntil { raft.appState.read { $0.\#(slice) } == .loaded(first) }
                    changes.yield(second)
                    await waitUntil { raft.appState.read { $0.\#(slice) } == .loaded(second) }
                    following.cancel()
                    await following.value  // returns: the query ended with its caller's task

                    changes.yield([])  // no one follows the source any more
                    recorder.expect(
                        { $0.\#(slice) = .loaded(first) },
                        { $0.\#(slice) = .loaded(second) })
                }
            }

            """#
    }
}
