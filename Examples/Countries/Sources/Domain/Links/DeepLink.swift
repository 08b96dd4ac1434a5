import Foundation

/// A place in the app that a link can open.
///
/// Parsing is strict and never traps: anything that is not one of the
/// accepted forms is rejected with a ``LinkFizzle``.
public enum DeepLink: Equatable, Sendable {
    /// The details of the country with this alpha-3 code (upper-cased).
    case country(code: String)

    /// The app's own URL scheme.
    public static let scheme = "keel-countries"
    /// The longest link text accepted.
    public static let maximumLength = 2_048

    /// Parses a link in one of the accepted forms:
    ///
    /// - `keel-countries://country/KOR`
    /// - `https://any.host/country/KOR` (or `http`)
    /// - any of those schemes with the query `?alpha3code=KOR` (article 000's form)
    ///
    /// The code must be three ASCII letters; case does not matter.
    public init(_ text: String) throws(LinkFizzle) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= Self.maximumLength,
              !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
              let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased()
        else { throw .unsupported(Self.excerpt(of: text)) }

        let isWeb = scheme == "https" || scheme == "http"
        guard scheme == Self.scheme || isWeb else { throw .unsupported(Self.excerpt(of: text)) }
        if isWeb, (components.host ?? "").isEmpty { throw .unsupported(Self.excerpt(of: text)) }

        if let items = components.queryItems, let item = items.first(where: { $0.name.lowercased() == "alpha3code" }) {
            self = .country(code: try Self.code(item.value ?? "", in: text))
            return
        }

        // The path segments after the host: `/country/KOR` on the web;
        // for the app's scheme the host is the first segment (`country`).
        var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if scheme == Self.scheme, let host = components.host, !host.isEmpty {
            segments.insert(host, at: 0)
        }
        guard segments.count == 2, segments[0].lowercased() == "country" else {
            throw .unsupported(Self.excerpt(of: text))
        }
        self = .country(code: try Self.code(segments[1], in: text))
    }

    private static func code(_ candidate: String, in text: String) throws(LinkFizzle) -> String {
        let letters = candidate.unicodeScalars
        guard letters.count == 3, letters.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else {
            throw .unsupported(excerpt(of: text))
        }
        return candidate.uppercased()
    }

    /// The beginning of `text`, short enough to show in a message.
    private static func excerpt(of text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }

    /// The link to this place in the app's own scheme.
    public var url: URL? {
        switch self {
        case .country(let code): URL(string: "\(Self.scheme)://country/\(code)")
        }
    }
}
