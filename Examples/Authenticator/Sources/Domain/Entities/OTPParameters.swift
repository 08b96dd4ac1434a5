/// Which kind of one-time code an account produces.
public enum OTPKind: String, CaseIterable, Hashable, Sendable {
    /// Time-based codes (RFC 6238).
    case totp
    /// Counter-based codes (RFC 4226).
    case hotp
    /// Steam Guard codes: five characters, SHA-1, 30 seconds.
    case steam
}

/// The HMAC hash function of an account.
public enum OTPAlgorithm: String, CaseIterable, Hashable, Sendable {
    /// HMAC-SHA1, the default and by far the most common.
    case sha1
    /// HMAC-SHA256.
    case sha256
    /// HMAC-SHA512.
    case sha512

    /// The name used by the Key Uri Format and most apps ("SHA1").
    public var name: String { rawValue.uppercased() }
}

/// How an account turns its secret into codes: kind, algorithm, length,
/// period and counter.
///
/// Every value of this type is valid: the initializer rejects digits outside
/// 6...8 (RFC 4226's range) and a period under one second, gives Steam its own
/// parameters whatever is asked, and keeps a counter for HOTP only and a
/// period for TOTP only, so that two equal accounts compare equal.
public struct OTPParameters: Hashable, Sendable, CustomStringConvertible {
    /// The kind of code.
    public let kind: OTPKind
    /// The HMAC hash function.
    public let algorithm: OTPAlgorithm
    /// The number of digits (or of characters, for Steam).
    public let digits: Int
    /// The length of a time step in seconds (TOTP and Steam; 30 for HOTP, which has none).
    public let period: Int
    /// The counter of the next code (HOTP only; zero otherwise).
    public let counter: UInt64

    /// The smallest and largest number of digits RFC 4226 allows.
    public static let digitRange = 6...8

    /// Creates parameters, or throws a fizzle saying what is wrong.
    public init(
        kind: OTPKind = .totp, algorithm: OTPAlgorithm = .sha1, digits: Int = 6, period: Int = 30,
        counter: UInt64 = 0
    ) throws(EntryFizzle) {
        switch kind {
        case .steam:
            self = .steam
        case .totp:
            guard Self.digitRange.contains(digits) else { throw .unsupportedDigits(digits) }
            guard period >= 1 else { throw .invalidPeriod(period) }
            self.init(checked: .totp, algorithm, digits, period, 0)
        case .hotp:
            // A counter-based code has no period: whatever is given, it keeps the default.
            guard Self.digitRange.contains(digits) else { throw .unsupportedDigits(digits) }
            self.init(checked: .hotp, algorithm, digits, 30, counter)
        }
    }

    /// Parameters already known to be valid.
    private init(checked kind: OTPKind, _ algorithm: OTPAlgorithm, _ digits: Int, _ period: Int, _ counter: UInt64) {
        self.kind = kind
        self.algorithm = algorithm
        self.digits = digits
        self.period = period
        self.counter = counter
    }

    /// Time-based parameters with the defaults (SHA-1, 6 digits, 30 seconds).
    public static let defaultTOTP = OTPParameters(checked: .totp, .sha1, 6, 30, 0)

    /// Steam Guard's parameters: five characters, SHA-1, 30 seconds.
    public static let steam = OTPParameters(checked: .steam, .sha1, 5, 30, 0)

    /// The parameters after a counter-based code was used: the counter one
    /// higher (wrapping at its largest value). Other kinds do not change.
    public func advanced() -> OTPParameters {
        kind == .hotp ? OTPParameters(checked: .hotp, algorithm, digits, period, counter &+ 1) : self
    }

    /// The parameters in one line ("totp SHA1 6 digits 30 s").
    public var description: String {
        switch kind {
        case .totp: "totp \(algorithm.name) \(digits) digits \(period) s"
        case .hotp: "hotp \(algorithm.name) \(digits) digits counter \(counter)"
        case .steam: "steam"
        }
    }
}
