import Keel

/// A format the app reads accounts from, or writes them to.
public enum ImportFormat: String, CaseIterable, Hashable, Sendable {
    /// `otpauth://` URIs, one per line.
    case otpauthText
    /// Google Authenticator's export (`otpauth-migration://offline?data=…`).
    case googleMigration
    /// An Aegis vault, plain or encrypted.
    case aegis
    /// A 2FAS backup (`.2fas`), plain or encrypted.
    case twoFAS
    /// A Bitwarden Authenticator JSON export.
    case bitwarden
    /// An andOTP plain JSON backup.
    case andOTP
    /// A Proton Authenticator export (JSON; the password-protected one is recognised, not read).
    case protonAuthenticator
    /// A FreeOTP+ JSON export (`tokens` with their secrets as signed bytes).
    case freeOTPPlus

    /// Whether the app writes this format as well as reading it.
    public var isWritable: Bool {
        switch self {
        case .otpauthText, .googleMigration, .aegis: true
        case .twoFAS, .bitwarden, .andOTP, .protonAuthenticator, .freeOTPPlus: false
        }
    }

    /// The format's name in a sentence ("Aegis vault").
    public var title: LocalizedText {
        switch self {
        case .otpauthText: "list of otpauth links"
        case .googleMigration: "Google Authenticator export"
        case .aegis: "Aegis vault"
        case .twoFAS: "2FAS backup"
        case .bitwarden: "Bitwarden Authenticator export"
        case .andOTP: "andOTP backup"
        case .protonAuthenticator: "Proton Authenticator export"
        case .freeOTPPlus: "FreeOTP+ export"
        }
    }
}
