import AuthenticatorDomain
import Foundation
import Keel

/// The Key Uri Format: `otpauth://TYPE/ISSUER:ACCOUNT?secret=…&issuer=…`,
/// read and written.
///
/// Reading follows what apps write in the wild: the type is `totp`, `hotp` or
/// `steam` in any case; the issuer comes from the `issuer` parameter, else
/// from the label's prefix (before a literal colon, or an encoded `%3A` when
/// there is no literal one); algorithm, digits and period default to SHA1, 6
/// and 30; HOTP needs `counter`; `encoder=steam` makes a TOTP URI a Steam one.
/// Unknown parameters (`image`, …) are ignored. Spaces after the label's
/// colon are dropped, so account names do not keep leading spaces.
public enum OTPAuthURI {
    /// The account `text` describes.
    public static func read(_ text: String) throws(EntryFizzle) -> Account {
        let trimmed = text.trimmingWhitespace()
        let schemeEnd = trimmed.range(of: "://")
        guard let schemeEnd, trimmed[..<schemeEnd.lowerBound].lowercased() == "otpauth" else {
            throw .notAnOTPAuthURI
        }
        let rest = trimmed[schemeEnd.upperBound...]
        let queryStart = rest.firstIndex(of: "?")
        let path = rest[..<(queryStart ?? rest.endIndex)]
        let query = queryStart.map { rest[rest.index(after: $0)...] } ?? ""
        guard let slash = path.firstIndex(of: "/") else { throw .malformedURI }
        let type = path[..<slash].lowercased()
        let label = path[path.index(after: slash)...]

        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = PercentEncoding.decode(parts[0], plusIsSpace: true),
                let value = PercentEncoding.decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
            else { throw .malformedURI }
            let name = key.lowercased()
            if parameters[name] == nil { parameters[name] = value }
        }

        let (prefix, accountName) = try splitLabel(label)
        let issuer = parameters["issuer"] ?? prefix ?? ""

        let kind: OTPKind
        switch type {
        case "totp": kind = parameters["encoder"]?.lowercased() == "steam" ? .steam : .totp
        case "hotp": kind = .hotp
        case "steam": kind = .steam
        default: throw .unsupportedKind
        }
        guard let secretText = parameters["secret"], !secretText.isEmpty else { throw .missingSecret }
        let secret = Secret(bytes: try Base32.decode(secretText))
        guard !secret.isEmpty else { throw .missingSecret }

        let algorithm: OTPAlgorithm
        switch parameters["algorithm"]?.uppercased() {
        case nil, "SHA1": algorithm = .sha1
        case "SHA256": algorithm = .sha256
        case "SHA512": algorithm = .sha512
        default: throw .unsupportedAlgorithm
        }
        let digits = try number(parameters["digits"], default: 6, field: "number of digits")
        let period = try number(parameters["period"], default: 30, field: "period")
        var counter: UInt64 = 0
        if kind == .hotp {
            guard let counterText = parameters["counter"] else { throw .missingCounter }
            guard let value = UInt64(counterText) else { throw .notANumber(field: "counter") }
            counter = value
        }
        let otp = try OTPParameters(kind: kind, algorithm: algorithm, digits: digits, period: period, counter: counter)
        return Account(issuer: issuer, name: accountName, secret: secret, parameters: otp)
    }

    /// The label's issuer prefix, if any, and the account name, decoded.
    private static func splitLabel(_ label: Substring) throws(EntryFizzle) -> (String?, String) {
        var prefix: Substring?
        var name = label
        // The colon is found as a byte: as a Character, a colon followed by a
        // combining mark is another character, and would be missed.
        if let colon = label.utf8.firstIndex(of: UInt8(ascii: ":")) {
            prefix = label[..<colon]
            name = label[label.utf8.index(after: colon)...]
        } else if let colon = label.range(of: "%3A", options: .caseInsensitive) {
            prefix = label[..<colon.lowerBound]
            name = label[colon.upperBound...]
        }
        guard let decodedName = PercentEncoding.decode(name, plusIsSpace: false) else { throw .malformedURI }
        let trimmedName = String(decodedName.drop { $0 == " " })
        guard let prefix else { return (nil, trimmedName) }
        guard let decodedPrefix = PercentEncoding.decode(prefix, plusIsSpace: false) else { throw .malformedURI }
        return (decodedPrefix, trimmedName)
    }

    private static func number(_ text: String?, default value: Int, field: LocalizedText) throws(EntryFizzle) -> Int {
        guard let text else { return value }
        guard let number = Int(text) else { throw .notANumber(field: field) }
        return number
    }

    /// The URI of `account`, which ``read(_:)`` reads back to the same account
    /// (but for groups and note, which the format does not carry).
    public static func write(_ account: Account) -> String {
        let parameters = account.parameters
        let type: String
        switch parameters.kind {
        case .totp: type = "totp"
        case .hotp: type = "hotp"
        case .steam: type = "steam"
        }
        let name = PercentEncoding.encode(account.name)
        let label = account.issuer.isEmpty && !account.name.utf8.contains(UInt8(ascii: ":"))
            ? name : PercentEncoding.encode(account.issuer) + ":" + name
        var query = ["secret=" + Base32.encode(account.secret.bytes, padding: false)]
        if !account.issuer.isEmpty { query.append("issuer=" + PercentEncoding.encode(account.issuer)) }
        if parameters.kind != .steam {
            query.append("algorithm=" + parameters.algorithm.name)
            query.append("digits=\(parameters.digits)")
        }
        switch parameters.kind {
        case .totp: query.append("period=\(parameters.period)")
        case .hotp: query.append("counter=\(parameters.counter)")
        case .steam: break
        }
        return "otpauth://\(type)/\(label)?" + query.joined(separator: "&")
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
