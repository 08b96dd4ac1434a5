import AuthenticatorDomain
import Crypto
import Foundation

/// The one-time code algorithms: HOTP (RFC 4226), TOTP (RFC 6238) and Steam
/// Guard, over HMAC-SHA1, SHA-256 and SHA-512 from swift-crypto.
///
/// A gear: pure functions of the secret, the parameters and a counter or a
/// time given as a value. Nothing here reads the clock.
public enum OTPGenerator {
    /// The alphabet of Steam Guard codes.
    public static let steamAlphabet = Array("23456789BCDFGHJKMNPQRTVWXY")

    /// HMAC of `message` under `key` with `algorithm`.
    public static func hmac(_ algorithm: OTPAlgorithm, key: [UInt8], message: [UInt8]) -> [UInt8] {
        let key = SymmetricKey(data: key)
        switch algorithm {
        case .sha1: return Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: key))
        case .sha256: return Array(HMAC<SHA256>.authenticationCode(for: message, using: key))
        case .sha512: return Array(HMAC<SHA512>.authenticationCode(for: message, using: key))
        }
    }

    /// The eight big-endian bytes of a counter, HOTP's message.
    public static func counterBytes(_ counter: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: counter >> (56 - 8 * UInt64($0))) }
    }

    /// RFC 4226's dynamic truncation: 31 bits of the HMAC at the offset its
    /// last nibble names.
    public static func dynamicTruncation(_ hmac: [UInt8]) -> UInt32 {
        hmac.withUnsafeBytes(dynamicTruncation)
    }

    private static func dynamicTruncation(_ hmac: UnsafeRawBufferPointer) -> UInt32 {
        let offset = Int(hmac[hmac.count - 1] & 0x0f)
        return (UInt32(hmac[offset] & 0x7f) << 24) | (UInt32(hmac[offset + 1]) << 16)
            | (UInt32(hmac[offset + 2]) << 8) | UInt32(hmac[offset + 3])
    }

    /// The truncated HMAC of `counter` under `key`: HOTP before its modulo.
    ///
    /// The hot path of every code: the counter is hashed from the stack and
    /// the MAC truncated in place, without an intermediate array.
    public static func truncatedValue(_ algorithm: OTPAlgorithm, key: SymmetricKey, counter: UInt64) -> UInt32 {
        withUnsafeBytes(of: counter.bigEndian) { message in
            switch algorithm {
            case .sha1:
                HMAC<Insecure.SHA1>.authenticationCode(for: message, using: key).withUnsafeBytes(dynamicTruncation)
            case .sha256:
                HMAC<SHA256>.authenticationCode(for: message, using: key).withUnsafeBytes(dynamicTruncation)
            case .sha512:
                HMAC<SHA512>.authenticationCode(for: message, using: key).withUnsafeBytes(dynamicTruncation)
            }
        }
    }

    /// The HOTP code of `counter`, `digits` long with leading zeros.
    ///
    /// `digits` must lie in ``OTPParameters/digitRange``, which
    /// ``OTPParameters`` guarantees.
    public static func hotp(secret: Secret, algorithm: OTPAlgorithm, digits: Int, counter: UInt64) -> String {
        precondition(OTPParameters.digitRange.contains(digits), "digits outside 6...8")
        var value = truncatedValue(algorithm, key: SymmetricKey(data: secret.bytes), counter: counter)
        // The last `digits` decimal digits; at most 8 bytes, so the string lives inline, unallocated.
        return String(unsafeUninitializedCapacity: digits) { buffer in
            for index in stride(from: digits - 1, through: 0, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            return digits
        }
    }

    /// The time step of `unixTime` (seconds since 1970) for `period` seconds.
    public static func timeStep(unixTime: UInt64, period: Int) -> UInt64 {
        unixTime / UInt64(max(period, 1))
    }

    /// The TOTP code at `unixTime` (seconds since 1970).
    public static func totp(
        secret: Secret, algorithm: OTPAlgorithm, digits: Int, period: Int, unixTime: UInt64
    ) -> String {
        hotp(secret: secret, algorithm: algorithm, digits: digits, counter: timeStep(unixTime: unixTime, period: period))
    }

    /// The Steam Guard code at `unixTime`: five characters of
    /// ``steamAlphabet`` from HMAC-SHA1 over 30-second steps.
    public static func steam(secret: Secret, unixTime: UInt64) -> String {
        var value = truncatedValue(
            .sha1, key: SymmetricKey(data: secret.bytes), counter: timeStep(unixTime: unixTime, period: 30))
        var code = ""
        for _ in 0..<5 {
            code.append(steamAlphabet[Int(value % UInt32(steamAlphabet.count))])
            value /= UInt32(steamAlphabet.count)
        }
        return code
    }

    /// Seconds since 1970 of `moment`, rounded down; moments before 1970 count as 0.
    public static func unixTime(of moment: Date) -> UInt64 {
        let seconds = moment.timeIntervalSince1970.rounded(.down)
        guard seconds > 0 else { return 0 }
        guard seconds < 18_446_744_073_709_549_568 else { return .max }
        return UInt64(seconds)
    }

    /// The code of `account` at `moment`, with its expiry for time-based codes.
    public static func code(for account: Account, at moment: Date) -> OneTimeCode {
        let parameters = account.parameters
        let time = unixTime(of: moment)
        switch parameters.kind {
        case .hotp:
            return OneTimeCode(
                text: hotp(secret: account.secret, algorithm: parameters.algorithm, digits: parameters.digits,
                           counter: parameters.counter),
                expiry: nil)
        case .totp, .steam:
            let step = timeStep(unixTime: time, period: parameters.period)
            // The step's end, or the last representable second when it lies past 2^64 s.
            let (next, pastEnd) = step.addingReportingOverflow(1)
            let (end, overflow) = next.multipliedReportingOverflow(by: UInt64(parameters.period))
            let expiry = Date(timeIntervalSince1970: pastEnd || overflow ? Double(UInt64.max) : Double(end))
            let text = parameters.kind == .steam
                ? steam(secret: account.secret, unixTime: time)
                : totp(secret: account.secret, algorithm: parameters.algorithm, digits: parameters.digits,
                       period: parameters.period, unixTime: time)
            return OneTimeCode(text: text, expiry: expiry)
        }
    }
}

/// The code worker: ``CodeWork`` over ``OTPGenerator``.
public struct OTPCodeWorker: CodeWork {
    /// Creates the worker.
    public init() {}

    /// The code of `account` at `moment`.
    public func code(for account: Account, at moment: Date) -> OneTimeCode {
        OTPGenerator.code(for: account, at: moment)
    }
}

/// The system clock, the app's ``TimeSource``.
public struct SystemTimeSource: TimeSource {
    /// Creates the time source.
    public init() {}

    /// The current moment, read from the system clock.
    public func now() -> Date { Date() }
}
