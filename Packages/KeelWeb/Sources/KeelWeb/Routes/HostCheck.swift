import Foundation
import HTTPTypes
import Hummingbird

/// Refuses a request whose `Host` header names this server by a name it does
/// not answer to: the defence against DNS rebinding.
///
/// A page of another site can point its own name at 127.0.0.1 and then read
/// the answers of a server there as its own: the browser sends that name in
/// `Host`. This server answers to IP addresses, `localhost` and the name it
/// was told to listen on (`--host`); anything else gets `421 Misdirected
/// Request` and reaches no route. A request without `Host` (HTTP/1.0, tools)
/// cannot come from such a page and goes on.
public struct HostCheck<Context: RequestContext>: RouterMiddleware {
    private let names: Set<String>
    private static var host: HTTPField.Name { HTTPField.Name("Host")! }

    /// A check that also accepts `serverHost`, the name the server listens on, when it is a name.
    public init(serverHost: String? = nil) {
        names = Set(["localhost", serverHost.map(Self.normalized)].compactMap { $0 })
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // HTTP/1's Host arrives as the authority; a Host field left among the
        // headers (a client that sent two) must name this server too.
        let hosts = [request.head.authority].compactMap { $0 } + request.headers[values: Self.host]
        guard !hosts.allSatisfy(accepts(authority:)) else { return try await next(request, context) }
        var response = Response(
            status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: "This server answers at its own address only (127.0.0.1 or localhost).\n")))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// Whether `authority` (a `Host` value: a name or an address, with an optional port) names this server.
    public func accepts(authority: String) -> Bool {
        let host: Substring
        if authority.hasPrefix("[") {
            // An IPv6 address, with or without a port: "[::1]:8080".
            guard let end = authority.firstIndex(of: "]") else { return false }
            let rest = authority[authority.index(after: end)...]
            guard rest.isEmpty || Self.isPort(rest) else { return false }
            return Self.isAddress(String(authority[authority.index(after: authority.startIndex)..<end]), family: AF_INET6)
        } else if let colon = authority.firstIndex(of: ":") {
            guard Self.isPort(authority[colon...]) else { return false }
            host = authority[..<colon]
        } else {
            host = Substring(authority)
        }
        return Self.isAddress(String(host), family: AF_INET) || names.contains(Self.normalized(host))
    }

    /// `name` in lowercase, without the root's trailing dot.
    private static func normalized<S: StringProtocol>(_ name: S) -> String {
        var name = name.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// Whether `text` is ":" followed by the digits of a port.
    private static func isPort(_ text: Substring) -> Bool {
        text.count > 1 && text.count <= 6 && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether `text` is an address of `family` (`AF_INET` or `AF_INET6`) in its usual notation.
    private static func isAddress(_ text: String, family: Int32) -> Bool {
        var address = in6_addr()
        return inet_pton(family, text, &address) == 1
    }
}
