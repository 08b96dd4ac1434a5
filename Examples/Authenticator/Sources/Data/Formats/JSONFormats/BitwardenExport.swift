import AuthenticatorDomain
import Foundation

/// Bitwarden Authenticator's JSON export: `{"encrypted": false, "items": [...]}`,
/// each item with a `name` (the issuer) and a `login` whose `totp` is an
/// `otpauth://` URI, a `steam://SECRET` link or a bare Base32 secret, and
/// whose `username` is the account.
public enum BitwardenExport {
    /// Reads an export.
    public static func read(_ data: Data, existing: [Account]) throws(ImportFizzle) -> ImportReport {
        guard let export = JSONObject(data: data), let items = export.array("items") else {
            throw .damaged(format: .bitwarden)
        }
        if (export.fields["encrypted"] as? Bool) == true { throw .encryptionNotSupported(format: .bitwarden) }
        let entries = items.enumerated().map { index, value in
            (location: ImportLocation.entry(index + 1), result: account(JSONObject(value)))
        }
        return ImportReport(entries: entries, existing: existing)
    }

    private static func account(_ item: JSONObject?) -> Result<Account, EntryFizzle> {
        do throws(EntryFizzle) {
            guard let item else { throw .notAnEntry }
            guard let login = item.object("login") else { throw .missingField(.verbatim("login")) }
            guard let totp = nonEmpty(login.string("totp"))?.trimmingWhitespace() else { throw .missingSecret }
            let itemName = item.string("name") ?? ""
            let username = login.string("username") ?? ""
            if totp.lowercased().hasPrefix("otpauth://") {
                var account = try OTPAuthURI.read(String(totp))
                if account.issuer.isEmpty { account.issuer = itemName }
                if account.name.isEmpty { account.name = username }
                return .success(account)
            }
            if totp.lowercased().hasPrefix("steam://") {
                let secret = try EntryFields.base32Secret(String(totp.dropFirst("steam://".count)))
                return .success(Account(issuer: itemName, name: username, secret: secret, parameters: .steam))
            }
            let secret = try EntryFields.base32Secret(String(totp))
            return .success(Account(issuer: itemName, name: username, secret: secret))
        } catch {
            return .failure(error)
        }
    }
}
