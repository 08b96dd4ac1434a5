import AuthenticatorDomain
import Foundation

/// Proton Authenticator's export (2025): `{"version": 1, "entries": [...]}`,
/// each entry an `id`, a `note` (text or null) and a `content` holding the
/// account's link (`uri`), its `entry_type` (`Totp` or `Steam`) and its `name`.
///
/// A `Totp` entry's link is an `otpauth://` URI, which gives the issuer, the
/// account and every parameter. A `Steam` entry's link is `steam://SECRET`,
/// the secret in Base32, in any case (or, when it is not Base32, in Base64,
/// as Proton writes a secret it received that way: Proton's own reader
/// tries Base32 first, case-insensitively); its `name` is the account.
///
/// The password-protected export (`{"version": 1, "salt": …, "content": …}`,
/// a key Argon2id derives, AES-GCM) is recognised and refused with a reason
/// (``ImportFizzle/encryptionNotSupported(format:)``): swift-crypto has no
/// Argon2, and a hand-written one is not what an authenticator should trust.
public enum ProtonAuthenticatorExport {
    /// The newest export version this reader knows.
    public static let newestVersion = 1

    /// Reads an export.
    public static func read(_ data: Data, existing: [Account]) throws(ImportFizzle) -> ImportReport {
        let damaged = ImportFizzle.damaged(format: .protonAuthenticator)
        guard let export = JSONObject(data: data) else { throw damaged }
        guard let version = export.int("version") else { throw damaged }
        guard (1...newestVersion).contains(version) else {
            throw .unsupportedVersion(format: .protonAuthenticator, version: version)
        }
        if export.string("salt") != nil, export.string("content") != nil {
            throw .encryptionNotSupported(format: .protonAuthenticator)
        }
        guard let list = export.array("entries") else { throw damaged }
        let entries = list.enumerated().map { index, value in
            (location: ImportLocation.entry(index + 1), result: account(JSONObject(value)))
        }
        return ImportReport(entries: entries, existing: existing)
    }

    private static func account(_ entry: JSONObject?) -> Result<Account, EntryFizzle> {
        do throws(EntryFizzle) {
            guard let entry else { throw .notAnEntry }
            guard let content = entry.object("content") else { throw .missingField(.verbatim("content")) }
            guard let link = try EntryFields.text(content, "uri", field: "link")?.trimmingWhitespace(), !link.isEmpty else {
                throw .missingField("link")
            }
            let name = try EntryFields.text(content, "name", field: "account name")
            var account: Account
            switch content.string("entry_type")?.lowercased() {
            case "totp":
                account = try OTPAuthURI.read(String(link))
                // Proton names an entry without a label after its issuer: that name is no account.
                if account.name.isEmpty, let name, name != account.issuer { account.name = name }
            case "steam":
                guard link.lowercased().hasPrefix("steam://") else { throw .notAnOTPAuthURI }
                let secret = try steamSecret(String(link.dropFirst("steam://".count)))
                account = Account(issuer: "Steam", name: name ?? "", secret: secret, parameters: .steam)
            case nil:
                throw content.isNull("entry_type") ? .missingField("type") : .unsupportedKind
            default:
                throw .unsupportedKind
            }
            account.note = try EntryFields.text(entry, "note") ?? ""
            return .success(account)
        } catch {
            return .failure(error)
        }
    }

    /// A Steam secret: Base32 in any case (`steamsteam…` is Base32, as
    /// Proton and other readers take it), or Base64 when it is not Base32.
    private static func steamSecret(_ text: String) throws(EntryFizzle) -> Secret {
        guard !text.isEmpty else { throw .missingSecret }
        if let bytes = try? Base32.decode(text), !bytes.isEmpty {
            return Secret(bytes: bytes)
        }
        var base64 = text
        while base64.count % 4 != 0 { base64.append("=") }
        guard let bytes = Data(base64Encoded: base64), !bytes.isEmpty else { throw .malformedSecret }
        return Secret(bytes: Array(bytes))
    }
}
