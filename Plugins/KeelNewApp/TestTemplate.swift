// The new app's test: the real view model over the real worker, its HTTP
// answered by KeelTesting's HTTPMock, and over the raft.

/// Tests/NAMETests/ItemListTests.swift.
func testSource(_ app: AppNames) -> String {
    #"""
    import Foundation
    import Keel
    import KeelTesting
    import \#(app.app)
    import \#(app.data)
    import \#(app.domain)
    import \#(app.presentation)
    import \#(app.testing)
    import Testing

    @Suite("The item list", .timeLimit(.minutes(1)))
    @MainActor
    struct ItemListTests {
        @Test("the list shows the items the service sends")
        func loads() async {
            let http = HTTPMock()
            http.register(.get, "https://items.test/items", with: .text(#"[{"id": 1, "name": "First"}]"#))
            let vessel = Vessel(itemWork: ItemWebWorker(baseURL: URL(string: "https://items.test")!, transport: http, logbook: MemoryLogbook()))
            let viewModel = ItemListViewModel(vessel)

            await settle { viewModel.send(.appeared) }

            #expect(viewModel.items.map(\.name) == ["First"])
            #expect(viewModel.errorMessage == nil)
        }

        @Test("offline, the list says so; a retry once back loads it")
        func retries() async {
            let http = HTTPMock()
            let url = "https://items.test/items"
            http.register(.get, url, with: .failure(.notConnectedToInternet))
            let vessel = Vessel(itemWork: ItemWebWorker(baseURL: URL(string: "https://items.test")!, transport: http, logbook: MemoryLogbook()))
            let viewModel = ItemListViewModel(vessel)

            await settle { viewModel.send(.appeared) }
            #expect(viewModel.errorMessage == ItemFizzle.offline.message)

            http.register(.get, url, with: .text(#"[{"id": 1, "name": "First"}]"#))
            await settle { viewModel.send(.retry) }
            #expect(viewModel.items.count == 1)
            #expect(viewModel.errorMessage == nil)
        }

        @Test("the state goes through loading to the raft's items")
        func loadsThroughTheState() async {
            let raft = Vessel.raft()
            let recorder = StateRecorder(raft.appState)
            let viewModel = ItemListViewModel(raft)

            await settle { viewModel.send(.appeared) }

            #expect(viewModel.items == Item.samples)
            recorder.expect(
                { $0.items = .loading(last: nil) },
                { $0.items = .loaded(Item.samples) })
        }
    }

    """#
}
