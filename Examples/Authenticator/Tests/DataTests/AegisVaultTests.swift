import AuthenticatorData
import AuthenticatorDomain
import Crypto
import Foundation
import Testing

@Suite("Aegis vaults", .timeLimit(.minutes(5)))
struct AegisVaultTests {
    /// A cheap scrypt cost, so that tests run fast; one test uses Aegis' own.
    static let cheap = AegisVault.ScryptCost(n: 1024, r: 8, p: 1)

    static let accounts: [Account] = {
        let secret = Secret(bytes: Array("12345678901234567890".utf8))
        return [
            Account(issuer: "Example", name: "alice@example.com", secret: secret, groups: ["Work"], note: "main"),
            Account(issuer: "Bank 은행", name: "김철수", secret: Secret(bytes: [0xde, 0xad, 0xbe, 0xef, 1]),
                    parameters: try! OTPParameters(algorithm: .sha512, digits: 8, period: 60), groups: ["Work", "Money"]),
            Account(issuer: "Counter", name: "bob", secret: secret,
                    parameters: try! OTPParameters(kind: .hotp, algorithm: .sha256, digits: 7, counter: 12_345)),
            Account(issuer: "Steam", name: "gaben", secret: secret, parameters: .steam),
        ]
    }()

    @Test("A vault we write reads back to the same accounts, with Aegis' own scrypt cost")
    func roundTrip() throws {
        let data = try AegisVault.write(Self.accounts, password: "correct horse")
        let report = try AegisVault.read(data, password: "correct horse", existing: [])
        #expect(report.newAccounts == Self.accounts)
        let vault = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let header = try #require(vault["header"] as? [String: Any])
        let slot = try #require((header["slots"] as? [[String: Any]])?.first)
        #expect(slot["n"] as? Int == 32_768 && slot["r"] as? Int == 8 && slot["p"] as? Int == 1)
        #expect((slot["salt"] as? String)?.count == 64)
        #expect(vault["db"] is String)
    }

    /// Issue 25: the keys were written sorted, so an encrypted vault's long
    /// `db` came before its `header`, and a reader looking at the start of
    /// the file (ours did) did not see a vault once it held 11 accounts.
    @Test("The header comes before the database, as Aegis writes it, encrypted or plain", arguments: [11, 200])
    func headerFirst(count: Int) throws {
        let accounts = GoogleMigrationTests.accounts(count)
        for password in ["pw", nil] as [String?] {
            let data = try AegisVault.write(accounts, password: password, cost: Self.cheap)
            let text = String(decoding: data, as: UTF8.self)
            let version = try #require(text.range(of: #""version""#)).lowerBound
            let header = try #require(text.range(of: #""header""#)).lowerBound
            let db = try #require(text.range(of: #""db""#)).lowerBound
            #expect(version < header && header < db, "password: \(password ?? "none")")
            if password != nil {
                let slot = try #require(text.range(of: #""key_params""#)).lowerBound
                #expect(slot < db)
            }
            #expect(ImportFormat.detect(data) == .aegis)
            #expect(try AegisVault.read(data, password: password, existing: []).newAccounts == accounts)
        }
    }

    @Test("A plain vault is written as Aegis writes one: a null header and the database as an object")
    func plainVaultWritten() throws {
        let data = try AegisVault.write(Self.accounts, password: nil)
        let vault = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(vault["version"] as? Int == 1)
        let header = try #require(vault["header"] as? [String: Any])
        #expect(header["slots"] is NSNull && header["params"] is NSNull)
        let db = try #require(vault["db"] as? [String: Any])
        #expect(db["version"] as? Int == 3)
        #expect((db["entries"] as? [Any])?.count == Self.accounts.count)
        #expect(try AegisVault.read(data, password: nil, existing: []).newAccounts == Self.accounts)
        #expect(try AegisVault.read(data, password: "ignored", existing: []).newAccounts == Self.accounts)
    }

    @Test("Two writes of the same accounts share no key, salt or nonce")
    func freshKeys() throws {
        let first = try AegisVault.write(Self.accounts, password: "pw", cost: Self.cheap)
        let second = try AegisVault.write(Self.accounts, password: "pw", cost: Self.cheap)
        #expect(first != second)
        #expect(try AegisVault.read(second, password: "pw", existing: []).newAccounts == Self.accounts)
    }

    @Test("A wrong password is not damage, and damage is not a wrong password")
    func wrongPasswordAndDamage() throws {
        let data = try AegisVault.write(Self.accounts, password: "right", cost: Self.cheap)
        #expect(throws: ImportFizzle.wrongPassword(format: .aegis)) {
            try AegisVault.read(data, password: "wrong", existing: [])
        }
        #expect(throws: ImportFizzle.passwordRequired(format: .aegis)) {
            try AegisVault.read(data, password: nil, existing: [])
        }
        var vault = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let db = try #require(vault["db"] as? String)
        var ciphertext = try #require(Data(base64Encoded: db))
        ciphertext[5] ^= 0x01
        vault["db"] = ciphertext.base64EncodedString()
        let tampered = try JSONSerialization.data(withJSONObject: vault)
        #expect(throws: ImportFizzle.damaged(format: .aegis)) {
            try AegisVault.read(tampered, password: "right", existing: [])
        }
        #expect(throws: ImportFizzle.damaged(format: .aegis)) {
            try AegisVault.read(data.prefix(data.count / 2), password: "right", existing: [])
        }
    }

    static func modified(_ data: Data, _ change: (inout [String: Any]) -> Void) throws -> Data {
        var vault = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        change(&vault)
        return try JSONSerialization.data(withJSONObject: vault)
    }

    @Test("Broken headers and hostile scrypt costs are damage")
    func brokenHeaders() throws {
        let data = try AegisVault.write(Self.accounts, password: "pw", cost: Self.cheap)
        func slotChange(_ key: String, _ value: Any) throws -> Data {
            try Self.modified(data) { vault in
                var header = vault["header"] as! [String: Any]
                var slots = header["slots"] as! [[String: Any]]
                slots[0][key] = value
                header["slots"] = slots
                vault["header"] = header
            }
        }
        for broken in [
            try slotChange("n", 1 << 24), try slotChange("n", 1000), try slotChange("r", 0), try slotChange("salt", "xyz"),
            try slotChange("type", 2), try slotChange("key", "00"),
            try slotChange("key_params", ["nonce": "0011", "tag": "00112233445566778899aabbccddeeff"]),
            try Self.modified(data) { $0["db"] = "not base64!" },
            try Self.modified(data) { $0["header"] = ["slots": NSNull(), "params": NSNull()] },
            try Self.modified(data) { $0["version"] = "one" },
            Data("[]".utf8), Data("{\"version\": 1}".utf8),
        ] {
            #expect(throws: ImportFizzle.damaged(format: .aegis)) { try AegisVault.read(broken, password: "pw", existing: []) }
        }
        // More password slots than a vault has is damage, found before any
        // scrypt run (each would open: the limit is what refuses them).
        func repeatedSlot(_ count: Int) throws -> Data {
            try Self.modified(data) { vault in
                var header = vault["header"] as! [String: Any]
                let slot = (header["slots"] as! [[String: Any]])[0]
                header["slots"] = Array(repeating: slot, count: count)
                vault["header"] = header
            }
        }
        #expect(throws: ImportFizzle.damaged(format: .aegis)) {
            try AegisVault.read(try repeatedSlot(AegisVault.maximumPasswordSlots + 1), password: "pw", existing: [])
        }
        #expect(try AegisVault.read(try repeatedSlot(AegisVault.maximumPasswordSlots), password: "pw", existing: []).rows.count
            == Self.accounts.count)
        #expect(throws: ImportFizzle.unsupportedVersion(format: .aegis, version: 2)) {
            try AegisVault.read(try Self.modified(data) { $0["version"] = 2 }, password: "pw", existing: [])
        }
    }

    static let plain = """
        {"version": 1, "header": {"slots": null, "params": null}, "db": {"version": 3,
          "groups": [{"uuid": "A0000000-0000-4000-8000-000000000001", "name": "Personal"}],
          "entries": [
            {"type": "totp", "uuid": "u1", "name": "Bob", "issuer": "Google", "note": "Main account",
             "favorite": false, "icon": null, "info": {"secret": "JBSWY3DPEHPK3PXP", "algo": "SHA1", "digits": 6,
             "period": 30}, "groups": ["a0000000-0000-4000-8000-000000000001", "missing-group"]},
            {"type": "hotp", "name": "Ann", "issuer": "Counter", "info": {"secret": "JBSWY3DPEHPK3PXP",
             "algo": "SHA256", "digits": 8, "counter": 3}},
            {"type": "steam", "name": "gaben", "issuer": "Steam", "info": {"secret": "JBSWY3DPEHPK3PXP",
             "algo": "SHA1", "digits": 5, "period": 30}},
            {"type": "motp", "name": "m", "issuer": "M", "info": {"secret": "JBSWY3DPEHPK3PXP", "algo": "MD5",
             "digits": 6, "period": 10, "pin": "1234"}},
            {"type": "totp", "name": "x", "issuer": "X", "info": {"secret": "JBSWY3DP1HPK3PXP"}},
            {"type": "totp", "name": "y", "issuer": "Y"},
            {"type": "hotp", "name": "z", "issuer": "Z", "info": {"secret": "JBSWY3DPEHPK3PXP"}},
            {"type": "hotp", "name": "z", "issuer": "Z", "info": {"secret": "JBSWY3DPEHPK3PXP", "counter": -1}},
            {"type": "totp", "name": "w", "issuer": "W", "info": {"secret": "JBSWY3DPEHPK3PXP", "digits": "8",
             "period": 1.5}},
            {"name": "v", "info": {"secret": "JBSWY3DPEHPK3PXP"}},
            {"type": "totp", "name": "t", "issuer": "T", "info": {"secret": "", "algo": "SHA1"}},
            {"type": "totp", "name": "s", "issuer": "S", "info": {"secret": "JBSWY3DPEHPK3PXP", "algo": "SHA3"}},
            "not an object",
            {"type": "totp", "name": "Bob", "issuer": "Google", "info": {"secret": "jbsw y3dp ehpk 3pxp"}}
          ]}}
        """

    @Test("A plain vault: every entry a row, groups by UUID, bad entries invalid with a reason")
    func plainVault() throws {
        let report = try AegisVault.read(Data(Self.plain.utf8), password: nil, existing: [])
        let secret = Secret(bytes: try Base32.decode("JBSWY3DPEHPK3PXP"))
        #expect(report.rows.count == 14)
        #expect(report.newAccounts == [
            Account(issuer: "Google", name: "Bob", secret: secret, groups: ["Personal"], note: "Main account"),
            Account(issuer: "Counter", name: "Ann", secret: secret,
                    parameters: try OTPParameters(kind: .hotp, algorithm: .sha256, digits: 8, counter: 3)),
            Account(issuer: "Steam", name: "gaben", secret: secret, parameters: .steam),
        ])
        #expect(report.duplicates.isEmpty)
        #expect(report.repeated.map(\.label) == ["Google (Bob)"])
        #expect(report.reasons.map(\.description) == [
            "entry 4: the type is not one of totp, hotp or steam",
            "entry 5: the secret contains '1' at position 9, which Base32 does not use",
            "entry 6: the info is missing",
            "entry 7: a counter-based (HOTP) account needs its counter",
            "entry 8: the counter is not a whole number",
            "entry 9: the period is not a whole number",
            "entry 10: the type is missing",
            "entry 11: the secret is missing",
            "entry 12: the algorithm is not one of SHA1, SHA256 or SHA512",
            "entry 13: the entry is not an account",
        ])
    }

    @Test("Database versions 1 and 2 name one group per entry; a newer database is refused")
    func olderDatabases() throws {
        let vault = """
            {"version": 1, "header": {"slots": null, "params": null}, "db": {"version": 1, "entries": [
              {"type": "totp", "name": "a", "issuer": "b", "group": "Old", "info": {"secret": "JBSWY3DPEHPK3PXP",
               "algo": "SHA1", "digits": 6, "period": 30}}]}}
            """
        let report = try AegisVault.read(Data(vault.utf8), password: nil, existing: [])
        #expect(report.newAccounts.map(\.groups) == [["Old"]])
        let newer = vault.replacingOccurrences(of: "\"db\": {\"version\": 1", with: "\"db\": {\"version\": 4")
        #expect(throws: ImportFizzle.unsupportedVersion(format: .aegis, version: 4)) {
            try AegisVault.read(Data(newer.utf8), password: nil, existing: [])
        }
    }
}
