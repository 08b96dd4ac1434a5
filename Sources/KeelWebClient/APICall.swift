import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Keel

/// One HTTP request, described relative to the base URL of a ``WebClient``.
///
/// An `APICall` is a plain value: build it, compare it, send it from any task.
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#apiCall -->
/// ```swift
/// let all = APICall(path: "books", query: [URLQueryItem(name: "sort", value: "title")])
/// let create = try APICall(.post, path: "books", json: BookJSON(id: 3, title: "Solaris", author: "Stanisław Lem"))
/// ```
public struct APICall: Sendable, Hashable {
    /// The HTTP method.
    public var method: HTTPMethod

    /// The path, appended to the path of the base URL.
    ///
    /// The path is literal text, not percent-encoded: `"search/New Zealand"`
    /// is sent as `search/New%20Zealand`. A leading `/` is optional. Building
    /// the request fails with ``WebError/invalidRequest(_:)`` when the path
    /// contains `?` or `#` (use ``query``), is an absolute URL, has a `.` or
    /// `..` segment, or contains control characters.
    public var path: String

    /// The query items, appended in order after any query of the base URL.
    public var query: [URLQueryItem]

    /// The header fields of the request.
    public var headers: [String: String]

    /// The body of the request, if any.
    public var body: Data?

    /// Creates a call.
    ///
    /// - Parameters:
    ///   - method: The HTTP method. The default is `GET`.
    ///   - path: The path relative to the base URL (see ``path``).
    ///   - query: The query items.
    ///   - headers: The header fields.
    ///   - body: The body.
    public init(
        _ method: HTTPMethod = .get,
        path: String,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Creates a call whose body is `json` encoded as JSON.
    ///
    /// The `Content-Type` header is set to `application/json` unless
    /// `headers` already sets it.
    ///
    /// - Throws: ``WebError/invalidRequest(_:)`` when `json` cannot be encoded.
    public init<Body: Encodable>(
        _ method: HTTPMethod = .post,
        path: String,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        json: Body,
        encoder: JSONEncoder = JSONEncoder()
    ) throws(WebError) {
        let body: Data
        do {
            body = try encoder.encode(json)
        } catch {
            throw .invalidRequest("cannot encode \(Body.self) as JSON: \(error)")
        }
        var headers = headers
        if !headers.keys.contains(where: { $0.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
            headers["Content-Type"] = "application/json"
        }
        self.init(method, path: path, query: query, headers: headers, body: body)
    }

    /// Builds the request for this call, relative to `baseURL`.
    ///
    /// - Throws: ``WebError/invalidRequest(_:)`` when the base URL is not an
    ///   absolute URL with a host, or when the method, path or headers are
    ///   not valid (see ``path``). It never traps.
    public func urlRequest(relativeTo baseURL: URL) throws(WebError) -> URLRequest {
        guard method.isValidToken else {
            throw .invalidRequest("method \"\(method.rawValue)\" is not a valid HTTP method")
        }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
              let scheme = components.scheme, !scheme.isEmpty,
              let host = components.host, !host.isEmpty
        else {
            throw .invalidRequest("base URL \"\(baseURL.absoluteString)\" is not an absolute URL with a host")
        }
        try validatePath()

        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        if !path.isEmpty {
            components.path = basePath + (path.hasPrefix("/") ? path : "/" + path)
        }
        if !query.isEmpty {
            let encoded = try query.map { item throws(WebError) in try APICall.encodeQueryItem(item) }
            let existing = components.percentEncodedQuery.map { [$0] } ?? []
            components.percentEncodedQuery = (existing + encoded).joined(separator: "&")
        }
        components.fragment = nil
        guard let url = components.url else {
            throw .invalidRequest("path \"\(path)\" does not form a URL with base \"\(baseURL.absoluteString)\"")
        }

        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            try APICall.validateHeader(name: name, value: value)
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = body
        return request
    }

    /// Rejects paths that cannot stay a path under the base URL.
    private func validatePath() throws(WebError) {
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidRequest("path \(path.debugDescription) contains control characters")
        }
        if path.contains("?") || path.contains("#") {
            throw .invalidRequest("path \"\(path)\" contains \"?\" or \"#\"; pass query items in `query`")
        }
        if path.contains("://") || path.hasPrefix("//") {
            throw .invalidRequest("path \"\(path)\" is an absolute URL; calls are relative to the base URL")
        }
        if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
            throw .invalidRequest("path \"\(path)\" has a \".\" or \"..\" segment")
        }
    }

    /// Characters left unescaped in query names and values: the unreserved set
    /// of RFC 3986, so that `+`, `&`, `=` and `;` always reach the server as data.
    private static let queryAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    private static func encodeQueryItem(_ item: URLQueryItem) throws(WebError) -> String {
        guard let name = item.name.addingPercentEncoding(withAllowedCharacters: queryAllowed) else {
            throw .invalidRequest("query name \"\(item.name)\" cannot be percent-encoded")
        }
        guard let value = item.value else { return name }
        guard let encodedValue = value.addingPercentEncoding(withAllowedCharacters: queryAllowed) else {
            throw .invalidRequest("query value for \"\(item.name)\" cannot be percent-encoded")
        }
        return name + "=" + encodedValue
    }

    private static func validateHeader(name: String, value: String) throws(WebError) {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(HTTPMethod.isTokenCharacter) else {
            throw .invalidRequest("header name \"\(name)\" is not a valid HTTP token")
        }
        if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            throw .invalidRequest("header \"\(name)\" has a value with a line break or NUL")
        }
    }
}
