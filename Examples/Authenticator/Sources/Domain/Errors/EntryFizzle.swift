import Keel

/// Why one entry (a URI, a line, an account in a backup) cannot become an
/// account.
///
/// Its messages name the field and, for a Base32 secret, at most the one
/// character that is wrong and its position: never the secret, nor any other
/// value copied from the entry.
public enum EntryFizzle: Fizzle {
    /// The entry has no secret, or an empty one.
    case missingSecret
    /// The Base32 secret holds a character Base32 does not use, at a 1-based position.
    case invalidBase32Character(Character, position: Int)
    /// The Base32 secret has a number of characters no Base32 text can have.
    case invalidBase32Length
    /// The number of digits is outside 6...8.
    case unsupportedDigits(Int)
    /// The period is under one second.
    case invalidPeriod(Int)
    /// A counter-based (HOTP) entry without its counter.
    case missingCounter
    /// A field that must be a number is not one (the field's name, a key
    /// of the catalog, or `.verbatim` for a format's own name).
    case notANumber(field: LocalizedText)
    /// The algorithm is not SHA1, SHA256 or SHA512.
    case unsupportedAlgorithm
    /// The kind is not totp, hotp or steam.
    case unsupportedKind
    /// The text is not an `otpauth://` URI.
    case notAnOTPAuthURI
    /// The URI is not well formed (its label or a parameter does not decode).
    case malformedURI
    /// A field the format requires is missing (the field's name, as for ``notANumber(field:)``).
    case missingField(LocalizedText)
    /// The entry is not an account at all (in a JSON file, not an object).
    case notAnEntry
    /// The secret is present but not written as the format writes secrets
    /// (FreeOTP+'s list of bytes, Proton's Base32 or Base64).
    case malformedSecret
    /// A Google Authenticator export link among other lines is damaged or
    /// cut short: none of its accounts can be read.
    case damagedMigrationLink
    /// A field that must be text is something else (the field's name, as for ``notANumber(field:)``).
    case notText(field: LocalizedText)
    /// The counter is below zero.
    case negativeCounter
    /// The last line of a text, which ends without a line break, is cut
    /// short (the text ends in the middle of it): what it holds is not the
    /// account it was.
    case cutShort
    /// A name, an issuer or a group holds a line break, a tab or another
    /// control character (the field's name, as for ``notANumber(field:)``),
    /// which would forge lines or columns wherever it is shown.
    case controlCharacter(field: LocalizedText)
    /// A text field is longer than the most characters it may hold (the
    /// field's name, as for ``notANumber(field:)``).
    case tooLong(field: LocalizedText, maximum: Int)
    /// The secret holds more bytes than any real secret.
    case secretTooLong(maximumBytes: Int)
    /// The entry has more tags (groups) than an account may.
    case tooManyGroups(maximum: Int)

    /// What to tell the person importing the entry.
    public var message: LocalizedText {
        switch self {
        case .missingSecret:
            "the secret is missing"
        case .invalidBase32Character(let character, let position):
            "the secret contains '\(character)' at position \(position), which Base32 does not use"
        case .invalidBase32Length:
            "the secret has a length that Base32 text cannot have (a character may be missing)"
        case .unsupportedDigits(let digits):
            "codes of \(digits) digits are not supported: codes have 6 to 8 digits"
        case .invalidPeriod(let period):
            "a period of \(period) seconds is not possible: it must be 1 second or more"
        case .missingCounter:
            "a counter-based (HOTP) account needs its counter"
        case .notANumber(let field):
            "the \(field) is not a whole number"
        case .unsupportedAlgorithm:
            "the algorithm is not one of SHA1, SHA256 or SHA512"
        case .unsupportedKind:
            "the type is not one of totp, hotp or steam"
        case .notAnOTPAuthURI:
            "this is not an otpauth:// link"
        case .malformedURI:
            "the link is not well formed"
        case .missingField(let field):
            "the \(field) is missing"
        case .notAnEntry:
            "the entry is not an account"
        case .malformedSecret:
            "the secret is not written the way this format writes secrets"
        case .damagedMigrationLink:
            "this Google Authenticator export link is damaged or incomplete, so none of its accounts could be read"
        case .notText(let field):
            "the \(field) is not text"
        case .negativeCounter:
            "the counter is below zero"
        case .cutShort:
            "the text ends in the middle of this line, which is cut short, so it was not imported"
        case .controlCharacter(let field):
            "the \(field) contains a line break, a tab or another control character"
        case .tooLong(let field, let maximum):
            "the \(field) is longer than \(maximum) characters"
        case .secretTooLong(let maximum):
            "the secret is longer than \(maximum) bytes"
        case .tooManyGroups(let maximum):
            "the account has more than \(maximum) tags"
        }
    }
}
