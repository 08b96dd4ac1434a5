import AuthenticatorDomain
import Foundation

/// Accounts with known secrets and codes, for the app's tests.
enum Samples {
    /// RFC 6238's SHA-1 secret ("12345678901234567890").
    static let rfcSecret = Secret(bytes: Array("12345678901234567890".utf8))
    /// At 59 s, RFC 6238's SHA-1 code is 94287082: its last six digits.
    static let rfcMoment = Date(timeIntervalSince1970: 59)

    static let github = Account(issuer: "GitHub", name: "ada@example.com", secret: rfcSecret)
    /// A second account with the same secret: a different identity.
    static let gitlab = Account(
        issuer: "GitLab", name: "ada", secret: Secret(bytes: Array("GitLab secret 1234".utf8)), groups: ["work"])
    /// RFC 4226's counter-based account (its secret is RFC 6238's SHA-1 one).
    static var bank: Account {
        get throws {
            Account(issuer: "Zürich Bank", name: "émile", secret: rfcSecret, parameters: try OTPParameters(kind: .hotp, digits: 6, counter: 0))
        }
    }
}
