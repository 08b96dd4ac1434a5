import AuthenticatorData
import AuthenticatorDomain
import Crypto
import Foundation
import Testing
import _CryptoExtras

@Suite("2FAS backups", .timeLimit(.minutes(5)))
struct TwoFASBackupTests {
    static let services = """
        [
          {"name": "Example", "secret": "JBSWY3DPEHPK3PXP", "groupId": "g1",
           "otp": {"label": "Example:alice", "account": "alice", "issuer": "Example", "digits": 6, "period": 30,
                   "algorithm": "SHA1", "tokenType": "TOTP", "source": "Link"}},
          {"name": "Counter", "secret": "GEZDGNBVGY3TQOJQ",
           "otp": {"account": "bob", "digits": 8, "algorithm": "SHA256", "tokenType": "HOTP", "counter": 5}},
          {"name": "Steam", "secret": "GEZDGNBVGY3TQOJQ", "otp": {"label": "gaben", "tokenType": "STEAM"}},
          {"name": "Broken", "secret": "JBSW!", "otp": {"tokenType": "TOTP"}},
          {"name": "Odd", "secret": "JBSWY3DPEHPK3PXP", "otp": {"tokenType": "YANDEX"}},
          {"name": "NoCounter", "secret": "JBSWY3DPEHPK3PXP", "otp": {"tokenType": "HOTP"}},
          {"name": "BadCounter", "secret": "JBSWY3DPEHPK3PXP", "otp": {"tokenType": "HOTP", "counter": "x"}},
          {"name": "Bare", "secret": "JBSWY3DPEHPK3PXP"},
          7
        ]
        """

    static func backup(schema: Int, services: String = services, extra: String = "") -> Data {
        Data("""
            {"services": \(services), "groups": [{"id": "g1", "name": "Work", "isExpanded": true}],
             "updatedAt": 1708958781890, "schemaVersion": \(schema), "appOrigin": "android"\(extra)}
            """.utf8)
    }

    static func check(_ report: ImportReport) throws {
        let jbsw = Secret(bytes: try Base32.decode("JBSWY3DPEHPK3PXP"))
        let rfc = Secret(bytes: try Base32.decode("GEZDGNBVGY3TQOJQ"))
        #expect(report.rows.count == 9)
        #expect(report.newAccounts == [
            Account(issuer: "Example", name: "alice", secret: jbsw, groups: ["Work"]),
            Account(issuer: "Counter", name: "bob", secret: rfc,
                    parameters: try OTPParameters(kind: .hotp, algorithm: .sha256, digits: 8, counter: 5)),
            Account(issuer: "Steam", name: "gaben", secret: rfc, parameters: .steam),
            Account(issuer: "Bare", name: "", secret: jbsw),
        ])
        #expect(report.reasons.map(\.description) == [
            "entry 4: the secret contains '!' at position 5, which Base32 does not use",
            "entry 5: the type is not one of totp, hotp or steam",
            "entry 6: a counter-based (HOTP) account needs its counter",
            "entry 7: the counter is not a whole number",
            "entry 9: the entry is not an account",
        ])
    }

    @Test("Plain backups of schema 3 and 4", arguments: [3, 4])
    func plain(schema: Int) throws {
        try Self.check(try TwoFASBackup.read(Self.backup(schema: schema), password: nil, existing: []))
    }

    /// `plaintext` sealed as 2FAS seals it: `ciphertext+tag:salt:iv`, each Base64.
    static func seal(_ plaintext: String, password: String, salt: [UInt8], iv: [UInt8]) throws -> String {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: 10_000)
        let box = try AES.GCM.seal(Array(plaintext.utf8), using: key, nonce: try AES.GCM.Nonce(data: iv))
        return [Data(box.ciphertext + box.tag), Data(salt), Data(iv)].map { $0.base64EncodedString() }
            .joined(separator: ":")
    }

    static func encrypted(schema: Int, password: String, services: String = services) throws -> Data {
        let salt = (0..<256).map { UInt8(truncatingIfNeeded: $0 * 13) }
        let sealed = try seal(services, password: password, salt: salt, iv: Array(repeating: 7, count: 12))
        let reference = try seal("reference text", password: password, salt: salt, iv: Array(repeating: 9, count: 12))
        return backup(schema: schema, services: "[]",
                      extra: ", \"servicesEncrypted\": \"\(sealed)\", \"reference\": \"\(reference)\"")
    }

    @Test("Encrypted backups of schema 3 and 4 open with the password", arguments: [3, 4])
    func encrypted(schema: Int) throws {
        let data = try Self.encrypted(schema: schema, password: "example.com")
        try Self.check(try TwoFASBackup.read(data, password: "example.com", existing: []))
        #expect(throws: ImportFizzle.wrongPassword(format: .twoFAS)) {
            try TwoFASBackup.read(data, password: "example.org", existing: [])
        }
        #expect(throws: ImportFizzle.passwordRequired(format: .twoFAS)) {
            try TwoFASBackup.read(data, password: nil, existing: [])
        }
    }

    @Test("Damaged backups are refused whole; a damaged body with a good reference is damage, not a wrong password")
    func damaged() throws {
        let data = try Self.encrypted(schema: 4, password: "pw")
        var text = String(decoding: data, as: UTF8.self)
        let start = try #require(text.range(of: "\"servicesEncrypted\": \"")).upperBound
        let index = text.index(start, offsetBy: 3)
        text.replaceSubrange(index...index, with: text[index] == "A" ? "B" : "A")
        #expect(throws: ImportFizzle.damaged(format: .twoFAS)) {
            try TwoFASBackup.read(Data(text.utf8), password: "pw", existing: [])
        }
        let notAList = try Self.encrypted(schema: 4, password: "pw", services: "{\"a\": 1}")
        for broken in [
            notAList, Data("[]".utf8), Data("{\"schemaVersion\": 4}".utf8),
            Self.backup(schema: 4, services: "[]", extra: ", \"servicesEncrypted\": \"abc:def\""),
        ] {
            #expect(throws: ImportFizzle.damaged(format: .twoFAS)) { try TwoFASBackup.read(broken, password: "pw", existing: []) }
        }
        #expect(throws: ImportFizzle.unsupportedVersion(format: .twoFAS, version: 5)) {
            try TwoFASBackup.read(Self.backup(schema: 5), password: nil, existing: [])
        }
    }
}

@Suite("Bitwarden Authenticator and andOTP exports")
struct OtherJSONFormatTests {
    @Test("Bitwarden: otpauth URIs, steam:// links and bare secrets")
    func bitwarden() throws {
        let export = """
            {"encrypted": false, "items": [
              {"id": "1", "name": "Example", "type": 1, "favorite": false,
               "login": {"totp": "otpauth://totp/Example:alice?secret=JBSWY3DPEHPK3PXP&issuer=Example"}},
              {"id": "2", "name": "Fallback", "login": {"username": "carol", "totp": "otpauth://totp/?secret=JBSWY3DPEHPK3PXP"}},
              {"id": "3", "name": "Steam", "login": {"username": "gaben", "totp": "steam://GEZDGNBVGY3TQOJQ"}},
              {"id": "4", "name": "Bare", "login": {"username": "dave", "totp": "jbsw y3dp ehpk 3pxp"}},
              {"id": "5", "name": "Bad", "login": {"totp": "otpauth://totp/x?secret=JBSW0"}},
              {"id": "6", "name": "Empty", "login": {"username": "e"}},
              {"id": "7", "name": "NoLogin"},
              "x"
            ]}
            """
        let report = try BitwardenExport.read(Data(export.utf8), existing: [])
        let jbsw = Secret(bytes: try Base32.decode("JBSWY3DPEHPK3PXP"))
        #expect(report.newAccounts == [
            Account(issuer: "Example", name: "alice", secret: jbsw),
            Account(issuer: "Fallback", name: "carol", secret: jbsw),
            Account(issuer: "Steam", name: "gaben", secret: Secret(bytes: try Base32.decode("GEZDGNBVGY3TQOJQ")),
                    parameters: .steam),
            Account(issuer: "Bare", name: "dave", secret: jbsw),
        ])
        #expect(report.reasons.map(\.description) == [
            "entry 5: the secret contains '0' at position 5, which Base32 does not use",
            "entry 6: the secret is missing",
            "entry 7: the login is missing",
            "entry 8: the entry is not an account",
        ])
        #expect(throws: ImportFizzle.encryptionNotSupported(format: .bitwarden)) {
            try BitwardenExport.read(Data("{\"encrypted\": true, \"items\": []}".utf8), existing: [])
        }
        #expect(throws: ImportFizzle.damaged(format: .bitwarden)) { try BitwardenExport.read(Data("[1]".utf8), existing: []) }
    }

    @Test("andOTP: types, tags as groups, old labels with the issuer")
    func andOTP() throws {
        let backup = """
            [
              {"secret": "JBSWY3DPEHPK3PXP", "issuer": "Example", "label": "alice", "digits": 6, "type": "TOTP",
               "algorithm": "SHA1", "thumbnail": "Default", "last_used": 1, "used_frequency": 0, "period": 30,
               "tags": ["Work"]},
              {"secret": "GEZDGNBVGY3TQOJQ", "issuer": "", "label": "Old Corp - bob", "digits": 8, "type": "HOTP",
               "algorithm": "SHA512", "counter": 9, "tags": []},
              {"secret": "GEZDGNBVGY3TQOJQ", "issuer": "Steam", "label": "gaben", "type": "STEAM", "digits": 5},
              {"secret": "JBSWY3DPEHPK3PXP", "issuer": "M", "label": "m", "type": "MOTP"},
              {"secret": "JBSWY3DPEHPK3PXP", "issuer": "D", "label": "d", "digits": 10},
              {"secret": "JBSWY3DPEHPK3PXP", "issuer": "H", "label": "h", "type": "HOTP"},
              {"secret": "JBSWY3DPEHPK3PXP", "issuer": "H", "label": "h", "type": "HOTP", "counter": 1.5},
              {"issuer": "N", "label": "n"},
              null
            ]
            """
        let report = try AndOTPBackup.read(Data(backup.utf8), existing: [])
        let jbsw = Secret(bytes: try Base32.decode("JBSWY3DPEHPK3PXP"))
        let rfc = Secret(bytes: try Base32.decode("GEZDGNBVGY3TQOJQ"))
        #expect(report.newAccounts == [
            Account(issuer: "Example", name: "alice", secret: jbsw, groups: ["Work"]),
            Account(issuer: "Old Corp", name: "bob", secret: rfc,
                    parameters: try OTPParameters(kind: .hotp, algorithm: .sha512, digits: 8, counter: 9)),
            Account(issuer: "Steam", name: "gaben", secret: rfc, parameters: .steam),
        ])
        #expect(report.reasons.map(\.description) == [
            "entry 4: the type is not one of totp, hotp or steam",
            "entry 5: codes of 10 digits are not supported: codes have 6 to 8 digits",
            "entry 6: a counter-based (HOTP) account needs its counter",
            "entry 7: the counter is not a whole number",
            "entry 8: the secret is missing",
            "entry 9: the entry is not an account",
        ])
        #expect(throws: ImportFizzle.damaged(format: .andOTP)) { try AndOTPBackup.read(Data("{}".utf8), existing: []) }
    }
}
