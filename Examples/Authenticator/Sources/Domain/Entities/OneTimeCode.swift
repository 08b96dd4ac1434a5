import Foundation

/// A code to type, and for time-based codes the moment it stops being valid.
public struct OneTimeCode: Hashable, Sendable {
    /// The code ("287082", or Steam's "2TC8B").
    public let text: String
    /// When the code expires (TOTP and Steam); `nil` for counter-based codes.
    public let expiry: Date?

    /// Creates a code.
    public init(text: String, expiry: Date?) {
        self.text = text
        self.expiry = expiry
    }
}
