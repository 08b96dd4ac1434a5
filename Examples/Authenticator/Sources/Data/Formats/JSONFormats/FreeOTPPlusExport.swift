import AuthenticatorDomain
import Foundation

/// FreeOTP+'s JSON export: `{"tokens": [...], "tokenOrder": [...]}`, each
/// token as FreeOTP+ keeps it: `type` (`TOTP` or `HOTP`), `algo`, `digits`,
/// `period`, `counter`, `secret` (the key's bytes as a list of numbers,
/// signed as Java writes bytes: −128…127), `issuerExt` (the issuer of the
/// link's label), `issuerInt` (its `issuer` parameter), `issuerAlt` and
/// `labelAlt` (the issuer and account the person renamed them to), `label`
/// (the account) and `image`.
///
/// The issuer is the first of `issuerAlt`, `issuerExt`, `issuerInt` that is
/// not empty, the account `labelAlt` or else `label`, as FreeOTP+ shows
/// them. A TOTP token whose `issuerExt` is "Steam" makes Steam codes, as in
/// FreeOTP+. The counter is the one FreeOTP+ makes the next code with, except
/// −1: FreeOTP+ keeps a new token's counter one below its link's, so a token
/// added with counter 0 and never used holds −1, and its next code is counter 0's.
/// Tokens are read in the order of `tokens`, every one of them (FreeOTP+
/// itself skips those `tokenOrder` does not name); the icons are not kept.
public enum FreeOTPPlusExport {
    /// Reads an export.
    public static func read(_ data: Data, existing: [Account]) throws(ImportFizzle) -> ImportReport {
        guard let export = JSONObject(data: data), let tokens = export.array("tokens") else {
            throw .damaged(format: .freeOTPPlus)
        }
        let entries = tokens.enumerated().map { index, value in
            (location: ImportLocation.entry(index + 1), result: account(JSONObject(value)))
        }
        return ImportReport(entries: entries, existing: existing)
    }

    private static func account(_ token: JSONObject?) -> Result<Account, EntryFizzle> {
        do throws(EntryFizzle) {
            guard let token else { throw .notAnEntry }
            let secret = try secret(token)
            let issuerExt = try EntryFields.text(token, "issuerExt", field: "issuer") ?? ""
            let issuers = [try EntryFields.text(token, "issuerAlt", field: "issuer"), issuerExt,
                           try EntryFields.text(token, "issuerInt", field: "issuer")]
            let issuer = issuers.compactMap { $0 }.first { !$0.isEmpty } ?? ""
            let labelAlt = try EntryFields.text(token, "labelAlt", field: "account name")
            let label = try EntryFields.text(token, "label", field: "account name")
            let name = [labelAlt, label].compactMap { $0 }.first { !$0.isEmpty } ?? ""
            let algorithm: OTPAlgorithm
            if token.isNull("algo") {
                algorithm = .sha1
            } else {
                guard let name = token.string("algo") else { throw .unsupportedAlgorithm }
                algorithm = try EntryFields.algorithm(name)
            }
            let digits = try EntryFields.number(token, "digits", field: "number of digits", fallback: 6)
            let period = try EntryFields.number(token, "period", field: "period", fallback: 30)
            let parameters: OTPParameters
            switch try EntryFields.text(token, "type", field: "type")?.uppercased() {
            case "TOTP":
                parameters = issuerExt == "Steam"
                    ? .steam : try OTPParameters(kind: .totp, algorithm: algorithm, digits: digits, period: period)
            case "HOTP":
                parameters = try OTPParameters(
                    kind: .hotp, algorithm: algorithm, digits: digits, counter: try counter(token))
            case nil:
                throw .missingField("type")
            default:
                throw .unsupportedKind
            }
            return .success(Account(issuer: issuer, name: name, secret: secret, parameters: parameters))
        } catch {
            return .failure(error)
        }
    }

    /// The key's bytes: a list of numbers from −128 to 255 (Java writes
    /// bytes signed; a number above 127 is read as the unsigned byte).
    private static func secret(_ token: JSONObject) throws(EntryFizzle) -> Secret {
        if token.isNull("secret") { throw .missingSecret }
        guard let list = token.array("secret") else { throw .malformedSecret }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(list.count)
        for value in list {
            guard let number = JSONObject.integer(value), (-128...255).contains(number) else {
                throw .malformedSecret
            }
            bytes.append(UInt8(truncatingIfNeeded: number))
        }
        guard !bytes.isEmpty else { throw .missingSecret }
        return Secret(bytes: bytes)
    }

    /// The counter of the next code (−1, a new token's, is 0: see the type's comment).
    private static func counter(_ token: JSONObject) throws(EntryFizzle) -> UInt64 {
        guard !token.isNull("counter") else { throw .missingCounter }
        guard let value = token.int("counter") else { throw .notANumber(field: "counter") }
        guard value >= -1 else { throw .negativeCounter }
        return UInt64(max(value, 0))
    }
}
