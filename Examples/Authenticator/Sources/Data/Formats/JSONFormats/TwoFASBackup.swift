import AuthenticatorDomain
import Crypto
import Foundation
import _CryptoExtras

/// 2FAS backups (`.2fas`), schema versions up to 4: a JSON object whose
/// `services` hold the accounts, or, when encrypted, whose
/// `servicesEncrypted` holds them as `ciphertext:salt:iv` (each Base64;
/// AES-256-GCM with the tag after the ciphertext, under a key PBKDF2-HMAC-SHA256
/// derives from the password in 10,000 rounds). The `reference` field, the
/// same construction over a fixed text, tells a wrong password from damage.
public enum TwoFASBackup {
    /// The newest schema version this reader knows.
    public static let newestSchema = 4
    /// PBKDF2's rounds in 2FAS backups.
    static let rounds = 10_000

    /// Reads a backup, decrypting it with `password` when it is encrypted.
    public static func read(_ data: Data, password: String?, existing: [Account]) throws(ImportFizzle) -> ImportReport {
        let damaged = ImportFizzle.damaged(format: .twoFAS)
        guard let backup = JSONObject(data: data) else { throw damaged }
        if let schema = backup.int("schemaVersion"), schema > newestSchema || schema < 1 {
            throw .unsupportedVersion(format: .twoFAS, version: schema)
        }
        var groupNames: [String: String] = [:]
        for case let group? in (backup.array("groups") ?? []).map(JSONObject.init) {
            if let id = group.string("id"), let name = group.string("name") { groupNames[id] = name }
        }
        let services: [Any]
        if let encrypted = backup.string("servicesEncrypted"), !encrypted.isEmpty {
            guard let password else { throw .passwordRequired(format: .twoFAS) }
            let plaintext = try decrypt(encrypted, password: password, reference: backup.string("reference"))
            guard let list = (try? JSONSerialization.jsonObject(with: plaintext)) as? [Any] else { throw damaged }
            services = list
        } else {
            guard let list = backup.array("services") else { throw damaged }
            services = list
        }
        let entries = services.enumerated().map { index, value in
            (location: ImportLocation.entry(index + 1), result: account(JSONObject(value), groupNames: groupNames))
        }
        return ImportReport(entries: entries, existing: existing)
    }

    /// The plaintext of a `ciphertext:salt:iv` field.
    private static func decrypt(_ field: String, password: String, reference: String?) throws(ImportFizzle) -> Data {
        guard let sealed = Sealed(field) else { throw .damaged(format: .twoFAS) }
        let key = derive(password: password, salt: sealed.salt)
        if let plaintext = sealed.open(with: key) { return plaintext }
        // The services do not open: a wrong password, unless the reference opens with the same key.
        if let reference, let sealedReference = Sealed(reference),
            sealedReference.open(with: derive(password: password, salt: sealedReference.salt)) != nil
        {
            throw .damaged(format: .twoFAS)
        }
        throw .wrongPassword(format: .twoFAS)
    }

    static func derive(password: String, salt: [UInt8]) -> SymmetricKey {
        // PBKDF2 fails only for a zero output length or zero rounds, neither of which is asked.
        (try? KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32,
            unsafeUncheckedRounds: rounds)) ?? SymmetricKey(size: .bits256)
    }

    /// A `ciphertext+tag:salt:iv` triple.
    struct Sealed {
        let ciphertext: [UInt8]
        let tag: [UInt8]
        let salt: [UInt8]
        let iv: [UInt8]

        init?(_ field: String) {
            let parts = field.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let body = Data(base64Encoded: String(parts[0])),
                let salt = Data(base64Encoded: String(parts[1])), let iv = Data(base64Encoded: String(parts[2])),
                body.count >= 16, !iv.isEmpty
            else { return nil }
            ciphertext = Array(body.dropLast(16))
            tag = Array(body.suffix(16))
            self.salt = Array(salt)
            self.iv = Array(iv)
        }

        func open(with key: SymmetricKey) -> Data? {
            guard let nonce = try? AES.GCM.Nonce(data: iv),
                let box = try? AES.GCM.SealedBox(nonce: nonce, ciphertext: ciphertext, tag: tag)
            else { return nil }
            return try? AES.GCM.open(box, using: key)
        }
    }

    private static func account(_ service: JSONObject?, groupNames: [String: String]) -> Result<Account, EntryFizzle> {
        do throws(EntryFizzle) {
            guard let service else { throw .notAnEntry }
            let otp = service.object("otp") ?? JSONObject([String: Any]())!
            let secret = try EntryFields.base32Secret(service.string("secret"))
            let kind: OTPKind
            switch otp.string("tokenType")?.uppercased() {
            case nil, "TOTP": kind = .totp
            case "HOTP": kind = .hotp
            case "STEAM": kind = .steam
            default: throw .unsupportedKind
            }
            var counter: UInt64 = 0
            if kind == .hotp {
                guard !otp.isNull("counter") else { throw .missingCounter }
                guard let value = otp.int("counter"), value >= 0 else { throw .notANumber(field: "counter") }
                counter = UInt64(value)
            }
            let parameters = try OTPParameters(
                kind: kind, algorithm: try EntryFields.algorithm(otp.string("algorithm")),
                digits: try EntryFields.number(otp, "digits", field: "number of digits", fallback: 6),
                period: try EntryFields.number(otp, "period", field: "period", fallback: 30), counter: counter)
            let issuer = nonEmpty(otp.string("issuer")) ?? service.string("name") ?? ""
            let name = nonEmpty(otp.string("account")) ?? otp.string("label") ?? ""
            let groups = service.string("groupId").flatMap { groupNames[$0] }.map { [$0] } ?? []
            return .success(Account(issuer: issuer, name: name, secret: secret, parameters: parameters, groups: groups))
        } catch {
            return .failure(error)
        }
    }
}

/// `text` unless it is `nil` or empty.
func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}
