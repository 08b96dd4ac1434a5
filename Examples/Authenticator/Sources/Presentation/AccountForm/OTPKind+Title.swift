import AuthenticatorDomain
import Keel

extension OTPKind {
    /// The kind as the forms name it: "Time-based", "Counter-based", "Steam".
    public var title: LocalizedText {
        switch self {
        case .totp: "Time-based"
        case .hotp: "Counter-based"
        case .steam: "Steam"
        }
    }
}
