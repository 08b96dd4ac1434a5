import Foundation
import AuthenticatorDomain
import Keel

/// The add-account form: what the person typed, and what is wrong with it
/// (article 004's view state, without a view model).
///
/// A view binds its fields to these properties; ``validate()`` fills
/// ``messages`` with one message per wrong field and returns the account
/// when there is none. Every rule is a plain function of the fields, tested
/// on its own.
public struct AccountFormState: Equatable, Sendable, RedactedDescription {
    /// A field of the form, to place its message under it.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        /// The issuer (and, when both are empty, the pair of names).
        case issuer
        /// The account name.
        case name
        /// The secret key.
        case secret
        /// The number of digits.
        case digits
        /// The period.
        case period
        /// The counter.
        case counter
    }

    /// The service that issued the account ("GitHub").
    public var issuer = ""
    /// The account at that service ("ada@example.com").
    public var name = ""
    /// The secret key in Base32, as shown by the service (spaces and case do not matter).
    public var secret = ""
    /// The kind of code.
    public var kind = OTPKind.totp
    /// The hash function.
    public var algorithm = OTPAlgorithm.sha1
    /// The number of digits.
    public var digits = 6
    /// The period in seconds, as typed (time-based codes).
    public var period = "30"
    /// The counter, as typed (counter-based codes).
    public var counter = "0"
    /// What is wrong with each field, after ``validate()``.
    public private(set) var messages: [Field: LocalizedText] = [:]
    /// Why the vault did not take the account (already in it, locked…), after ``apply(to:)``.
    public private(set) var vaultMessage: LocalizedText?

    /// The fewest bytes a secret may hold: 80 bits, the shortest that
    /// services commonly issue (RFC 4226 asks for 128 and recommends 160).
    public static let minimumSecretBytes = 10
    /// The longest period accepted, in seconds.
    public static let maximumPeriod = 3_600

    /// An empty form.
    public init() {}

    /// The digit counts to choose from.
    public var digitChoices: [Int] { Array(OTPParameters.digitRange) }

    /// Whether the form asks for a period (time-based codes other than Steam's).
    public var showsPeriod: Bool { kind == .totp }
    /// Whether the form asks for a counter (counter-based codes).
    public var showsCounter: Bool { kind == .hotp }
    /// Whether the form asks for the algorithm and digits (Steam has its own).
    public var showsAlgorithmAndDigits: Bool { kind != .steam }

    /// The message under `field`, if it is wrong.
    public func message(for field: Field) -> LocalizedText? { messages[field] }

    /// Checks every field, fills ``messages``, and returns the account when
    /// nothing is wrong.
    public mutating func validate() -> Account? {
        var messages: [Field: LocalizedText] = [:]
        let issuer = issuer.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if issuer.isEmpty && name.isEmpty {
            messages[.issuer] = "Enter the service or the account name (or both)."
        }
        if issuer.contains(":") {
            messages[.issuer] = "The service cannot contain a colon (“:”)."
        }
        let secret = Self.secret(from: self.secret, messages: &messages)
        if kind != .steam, !OTPParameters.digitRange.contains(digits) {
            messages[.digits] = "Codes have 6, 7 or 8 digits."
        }
        var period = 30
        if kind == .totp {
            if let value = Int(self.period.trimmingCharacters(in: .whitespaces)), (1...Self.maximumPeriod).contains(value) {
                period = value
            } else {
                messages[.period] = "The period is a whole number of seconds from 1 to \(Self.maximumPeriod)."
            }
        }
        var counter: UInt64 = 0
        if kind == .hotp {
            if let value = UInt64(self.counter.trimmingCharacters(in: .whitespaces)) {
                counter = value
            } else {
                messages[.counter] = "The counter is a whole number, 0 or more."
            }
        }
        self.messages = messages
        guard messages.isEmpty, let secret,
              let parameters = try? OTPParameters(kind: kind, algorithm: algorithm, digits: digits, period: period, counter: counter)
        else { return nil }
        return Account(issuer: issuer, name: name, secret: secret, parameters: parameters)
    }

    /// Validates the form and adds its account through the container;
    /// returns the account added, or `nil` with the fields' ``messages`` or
    /// the ``vaultMessage`` saying why not.
    public mutating func apply(to service: any Serving) async -> SavedAccount? {
        vaultMessage = nil
        guard let account = validate() else { return nil }
        do throws(VaultFizzle) {
            return try await service.addAccountAction(account)
        } catch {
            vaultMessage = error.message
            return nil
        }
    }

    /// The secret `text` holds, or `nil` with its message in `messages`.
    private static func secret(from text: String, messages: inout [Field: LocalizedText]) -> Secret? {
        guard !text.allSatisfy(\.isWhitespace) else {
            messages[.secret] = "Enter the secret key the service shows (letters A–Z and digits 2–7)."
            return nil
        }
        do {
            let bytes = try Base32.decode(text)
            guard bytes.count >= minimumSecretBytes else {
                messages[.secret] = "The secret key is too short: check that it was copied whole (at least 16 characters)."
                return nil
            }
            return Secret(bytes: bytes)
        } catch {
            messages[.secret] = "The secret key is not valid: \(error.message)."
            return nil
        }
    }
}
