import Foundation
import Keel
import KeelWebClient

extension HTTPMock {
    /// The key of registered responses: a method and a normalized URL.
    ///
    /// Scheme and host are lowercased, a default port is dropped, an empty
    /// path becomes `/`, the fragment is ignored, and the query items are
    /// sorted, so that their order does not matter.
    struct Route: Hashable, Sendable {
        let method: HTTPMethod
        let location: String
        let query: [QueryPair]

        /// A decoded query item.
        struct QueryPair: Hashable, Comparable, Sendable {
            let name: String
            let value: String

            static func < (lhs: QueryPair, rhs: QueryPair) -> Bool {
                (lhs.name, lhs.value) < (rhs.name, rhs.value)
            }
        }

        /// Creates the route of `method` and `url`, or `nil` when `url` is not
        /// an absolute URL.
        init?(_ method: HTTPMethod, _ url: URL) {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
                  let scheme = components.scheme?.lowercased(), !scheme.isEmpty
            else { return nil }
            let host = components.host?.lowercased() ?? ""
            var port = ""
            if let number = components.port, !Route.isDefault(port: number, for: scheme) {
                port = ":\(number)"
            }
            let path = components.path.isEmpty ? "/" : components.path
            self.method = method
            self.location = "\(scheme)://\(host)\(port)\(path)"
            self.query = (components.queryItems ?? [])
                .map { QueryPair(name: $0.name, value: $0.value ?? "") }
                .sorted()
        }

        private static func isDefault(port: Int, for scheme: String) -> Bool {
            (scheme == "http" && port == 80) || (scheme == "https" && port == 443)
        }
    }
}
