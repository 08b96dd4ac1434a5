import Foundation

extension ImportFormat {
    /// The format `data` most likely is, from its first characters and the
    /// keys of its JSON; `nil` when it looks like none. A guess for a file
    /// chosen without a format: the reader still checks everything.
    public static func detect(_ data: Data) -> ImportFormat? {
        guard let text = String(data: data.prefix(4_096), encoding: .utf8)?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        else { return nil }
        if text.hasPrefix("otpauth-migration://") { return .googleMigration }
        if text.hasPrefix("otpauth://") { return .otpauthText }
        if text.hasPrefix("[") { return .andOTP }
        guard text.hasPrefix("{") else { return nil }
        if text.contains("\"db\"") && text.contains("\"header\"") { return .aegis }
        if text.contains("\"servicesEncrypted\"") || text.contains("\"services\"") { return .twoFAS }
        if text.contains("\"items\"") { return .bitwarden }
        return nil
    }
}
