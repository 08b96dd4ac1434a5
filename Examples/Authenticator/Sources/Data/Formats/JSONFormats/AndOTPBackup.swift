import AuthenticatorDomain
import Foundation

/// andOTP's plain JSON backup: an array of entries with `secret` (Base32),
/// `issuer`, `label` (the account), `type` (TOTP, HOTP, STEAM), `algorithm`,
/// `digits`, `period`, `counter` and `tags` (the groups).
///
/// Other apps export arrays too: an array that is another app's export
/// (Raivo OTP, Duo Mobile) is refused as what it is, and one none of whose
/// entries has andOTP's `secret` is damaged, not a backup of nothing.
public enum AndOTPBackup {
    /// Reads a backup.
    public static func read(_ data: Data, existing: [Account]) throws(ImportFizzle) -> ImportReport {
        guard let list = (try? JSONSerialization.jsonObject(with: data)) as? [Any] else {
            throw .damaged(format: .andOTP)
        }
        if let name = ImportFormat.unsupportedFormat(ofArray: list) { throw .unsupportedFormat(name: name) }
        guard ImportFormat.holdsAndOTPEntries(list) else { throw .damaged(format: .andOTP) }
        let entries = list.enumerated().map { index, value in
            (location: ImportLocation.entry(index + 1), result: account(JSONObject(value)))
        }
        return ImportReport(entries: entries, existing: existing)
    }

    private static func account(_ entry: JSONObject?) -> Result<Account, EntryFizzle> {
        do throws(EntryFizzle) {
            guard let entry else { throw .notAnEntry }
            let secret = try EntryFields.base32Secret(entry.string("secret"))
            let kind: OTPKind
            switch entry.string("type")?.uppercased() {
            case nil, "TOTP": kind = .totp
            case "HOTP": kind = .hotp
            case "STEAM": kind = .steam
            default: throw .unsupportedKind
            }
            var counter: UInt64 = 0
            if kind == .hotp {
                guard !entry.isNull("counter") else { throw .missingCounter }
                guard let value = entry.int("counter"), value >= 0 else { throw .notANumber(field: "counter") }
                counter = UInt64(value)
            }
            let parameters = try OTPParameters(
                kind: kind, algorithm: try EntryFields.algorithm(entry.string("algorithm")),
                digits: try EntryFields.number(entry, "digits", field: "number of digits", fallback: 6),
                period: try EntryFields.number(entry, "period", field: "period", fallback: 30), counter: counter)
            var issuer = entry.string("issuer") ?? ""
            var name = entry.string("label") ?? ""
            // Old andOTP versions kept "Issuer - account" in the label.
            if issuer.isEmpty, let range = name.range(of: " - ") {
                issuer = String(name[..<range.lowerBound])
                name = String(name[range.upperBound...])
            }
            let groups = (entry.array("tags") ?? []).compactMap { $0 as? String }
            return .success(Account(issuer: issuer, name: name, secret: secret, parameters: parameters, groups: groups))
        } catch {
            return .failure(error)
        }
    }
}
