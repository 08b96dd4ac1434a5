import Foundation

/// What the timeline records of a link sent to be added: the link with its
/// secret, and every part not known to be harmless, left out. A replay puts
/// a secret of its own back (the state shows a secret redacted, so the
/// account it adds reads the same).
public struct LinkAdded: Codable, Equatable, Sendable {
    /// The link as recorded: `otpauth://totp/Label?issuer=…&digits=…`, or
    /// `(not an otpauth link)`.
    public let link: String

    /// The parameters an `otpauth://` link may keep in a record.
    static let harmless: Set<String> = ["issuer", "algorithm", "digits", "period", "counter"]

    /// What is recorded of `typed`.
    public init(_ typed: String) {
        guard var parts = URLComponents(string: typed.trimmingCharacters(in: .whitespacesAndNewlines)),
              parts.scheme?.lowercased() == "otpauth"
        else {
            link = "(not an otpauth link)"
            return
        }
        parts.queryItems = parts.queryItems?.filter { Self.harmless.contains($0.name.lowercased()) }
        (parts.user, parts.password, parts.fragment) = (nil, nil, nil)
        link = parts.string ?? "(not an otpauth link)"
    }

    /// The recorded link with `secret` (Base32) put back, for a replay.
    public func link(withSecret secret: String) -> String {
        guard var parts = URLComponents(string: link) else { return link }
        parts.queryItems = (parts.queryItems ?? []) + [URLQueryItem(name: "secret", value: secret)]
        return parts.string ?? link
    }
}
