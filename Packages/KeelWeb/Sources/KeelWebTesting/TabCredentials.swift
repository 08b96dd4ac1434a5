import Foundation
import Hummingbird

/// The tab id and token a page carries (its `<body data-tab=… data-token=…>`),
/// for tests that send a tab's forms.
public struct TabCredentials: Sendable {
    /// The tab's id.
    public let tab: String
    /// The tab's token.
    public let token: String

    /// The credentials `page` carries, or `nil` when it carries none.
    public init?(page: String) {
        guard let tab = Self.attribute("data-tab", in: page), let token = Self.attribute("data-token", in: page) else { return nil }
        self.tab = tab
        self.token = token
    }

    private static func attribute(_ name: String, in page: String) -> String? {
        guard let start = page.range(of: "\(name)=\"") else { return nil }
        let rest = page[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    /// A URL-encoded form body with the tab, the token and `fields`.
    public func form(_ fields: [(String, String)] = []) -> ByteBuffer {
        let pairs = [("tab", tab), ("token", token)] + fields
        let body = pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
        return ByteBuffer(string: body)
    }
}
