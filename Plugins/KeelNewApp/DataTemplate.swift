// The new app's Data: the worker behind ItemWork, over KeelWebClient's WebClient.

/// Sources/Data/ItemWebWorker.swift.
func webWorkerSource(_ app: AppNames) -> String {
    #"""
    import Foundation
    import Keel
    import KeelWebClient
    import \#(app.domain)

    /// Reads the items from their JSON web service, through Keel's `WebClient`
    /// (the gear): the worker only says which call to make and how the answer
    /// maps to the domain.
    public struct ItemWebWorker: ItemWork {
        let client: WebClient
        let logbook: any Logbook

        public init(baseURL: URL, transport: any HTTPTransport = URLSessionTransport(), logbook: any Logbook) {
            client = WebClient(baseURL: baseURL, transport: transport)
            self.logbook = logbook
        }

        public func items() async throws(ItemFizzle) -> [Item] {
            let answer = try await client.call(APICall(path: "items"), as: [ItemDTO].self, logbook: logbook, failure: ItemFizzle.self)
            return answer.map { Item(id: $0.id, name: $0.name) }
        }
    }

    /// An item as the service sends it.
    struct ItemDTO: Decodable {
        let id: Int
        let name: String
    }

    """#
}
