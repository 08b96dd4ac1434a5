import Foundation

extension ImportFormat {
    /// The format `data` is, recognised from its whole structure; `nil` when
    /// it is none the app reads (or JSON too damaged to parse).
    ///
    /// JSON is parsed, and its shape decides: an array is an andOTP backup
    /// when it is empty or an entry has andOTP's `secret`, and it is not
    /// another app's export (``unsupportedFormat(of:)``);
    /// an object with a `header` and a `db` an Aegis vault, with `services`
    /// (or `servicesEncrypted`) a 2FAS backup, with `tokens` a FreeOTP+
    /// export, with `entries` (or a `salt` and `content`) a Proton
    /// Authenticator export, with `items` a Bitwarden export. The order of
    /// the keys and the length of their values do not matter. Text is a
    /// list of links when its first line that is not blank or a `#`
    /// comment is an `otpauth://` or `otpauth-migration://` link (or when it
    /// has comments only): a Google Authenticator export when every such
    /// line is a migration link. A guess for a file chosen without a
    /// format: the reader still checks everything.
    public static func detect(_ data: Data) -> ImportFormat? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        // Some editors start a UTF-8 file with a byte order mark.
        let body = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        guard let first = body.first else { return nil }
        if first == "{" || first == "[" {
            guard let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) else { return nil }
            return format(ofJSON: json)
        }
        return format(ofLines: body)
    }

    /// The name of another app whose export `data` is, when the app
    /// recognises that format without reading it ("Raivo OTP"): for a
    /// message better than "not a format this app reads".
    public static func unsupportedFormat(of data: Data) -> String? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        let body = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        guard body.first == "[", let list = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [Any] else {
            return nil
        }
        return unsupportedFormat(ofArray: list)
    }

    /// The name of another app whose export the JSON array `list` is: Raivo
    /// OTP's (entries with `secret`, `account` and `kind` or `timer`) or Duo
    /// Mobile's (entries with an `otpGenerator` object).
    public static func unsupportedFormat(ofArray list: [Any]) -> String? {
        let objects = list.compactMap { $0 as? [String: Any] }
        if objects.contains(where: { $0["otpGenerator"] is [String: Any] }) {
            return "Duo Mobile"  // not localized: an app's name
        }
        if objects.contains(where: { $0["secret"] != nil && $0["account"] != nil && ($0["kind"] != nil || $0["timer"] != nil) }) {
            return "Raivo OTP"  // not localized: an app's name
        }
        return nil
    }

    /// Whether the JSON array `list` can be an andOTP backup: it is empty,
    /// or one of its entries has andOTP's `secret`.
    public static func holdsAndOTPEntries(_ list: [Any]) -> Bool {
        list.isEmpty || list.contains { ($0 as? [String: Any])?["secret"] != nil }
    }

    /// The JSON format whose shape `json` has.
    private static func format(ofJSON json: Any) -> ImportFormat? {
        if let list = json as? [Any] {
            return unsupportedFormat(ofArray: list) == nil && holdsAndOTPEntries(list) ? .andOTP : nil
        }
        guard let object = json as? [String: Any] else { return nil }
        if object["header"] is [String: Any], object["db"] != nil { return .aegis }
        if object["services"] is [Any] || object["servicesEncrypted"] is String { return .twoFAS }
        if object["tokens"] is [Any] { return .freeOTPPlus }
        if object["entries"] is [Any] || (object["salt"] is String && object["content"] is String) {
            return .protonAuthenticator
        }
        if object["items"] is [Any] { return .bitwarden }
        return nil
    }

    /// `.otpauthText` or `.googleMigration` for a text of links, as its
    /// first line of content and the others say; a text of `#` comments
    /// only is a list of no links (as the app writes one).
    private static func format(ofLines text: Substring) -> ImportFormat? {
        var onlyMigration = true
        var sawLink = false
        var sawComment = false
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop(while: \.isWhitespace)
            if trimmed.allSatisfy(\.isWhitespace) { continue }
            if trimmed.hasPrefix("#") {
                sawComment = true
                continue
            }
            let scheme = trimmed.prefix(20).lowercased()
            let isMigration = scheme.hasPrefix("otpauth-migration:")
            if !sawLink {
                // The first line of content decides whether this is a list of links at all.
                guard isMigration || scheme.hasPrefix("otpauth:") else { return nil }
                sawLink = true
            }
            onlyMigration = onlyMigration && isMigration
            if !onlyMigration { break }
        }
        guard sawLink else { return sawComment ? .otpauthText : nil }
        return onlyMigration ? .googleMigration : .otpauthText
    }
}
