import AuthenticatorData
import AuthenticatorDomain
import Foundation
import KeelTesting
import Testing

/// Proton Authenticator's export, from a fixture written for these tests
/// after the format Proton's code writes (`version`, `entries` with `id`,
/// `content` {`uri`, `entry_type`, `name`} and `note`).
@Suite("Proton Authenticator exports", .timeLimit(.minutes(5)))
struct ProtonAuthenticatorTests {
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/Formats"))
        return try Data(contentsOf: url)
    }

    static func secret(_ base32: String) -> Secret { Secret(bytes: try! Base32.decode(base32)) }

    /// A one-entry export of `content` (and an optional note), for hostile cases.
    static func export(_ entries: [String], version: String = "1") -> Data {
        Data(#"{"version": \#(version), "entries": [\#(entries.joined(separator: ","))]}"#.utf8)
    }

    @Test("Every field of the fixture lands where it should: TOTP links, Steam (Base32 and Base64), names, notes")
    func fixture() throws {
        let data = try Self.fixture("proton-authenticator")
        #expect(ImportFormat.detect(data) == .protonAuthenticator)
        let report = try ProtonAuthenticatorExport.read(data, existing: [])
        #expect(report.reasons.isEmpty)
        #expect(report.rows.map(\.location) == [.entry(1), .entry(2), .entry(3), .entry(4)])
        #expect(report.newAccounts == [
            Account(issuer: "Codeberg", name: "lin@example.org", secret: Self.secret("WNI46I6COM2URIJAYPJRQJ3ZJP4MHUVE"),
                    note: "recovery codes: top drawer"),
            Account(issuer: "한국은행", name: "민수",
                    secret: Self.secret("I7RC25K23M3CVSNZPE4GJUEDX4NGMUAXKJOF4B7HIE3B3WVJIOKQ"),
                    parameters: try OTPParameters(algorithm: .sha256, digits: 8, period: 60)),
            Account(issuer: "Steam", name: "lin_plays", secret: Self.secret("EEVMYZXU6D3R7FAK"), parameters: .steam),
            Account(issuer: "Steam", name: "second account", secret: Self.secret("25BASHZUYKHVV2ITIENQ"), parameters: .steam),
        ])
    }

    @Test("Through the worker, existing accounts are duplicates and repeated entries are repeats")
    func duplicates() throws {
        let worker = FormatWorker(logbook: MemoryLogbook())
        let data = try Self.fixture("proton-authenticator")
        let all = try worker.read(data, as: .protonAuthenticator, password: nil, existing: []).newAccounts
        let report = try worker.read(data, as: .protonAuthenticator, password: nil, existing: [all[2]])
        #expect(report.duplicates == [all[2]])
        #expect(report.newAccounts.count == 3)
        let twice = Self.export([
            #"{"id": "a", "content": {"uri": "steam://EEVMYZXU6D3R7FAK", "entry_type": "Steam", "name": "x"}}"#,
            #"{"id": "b", "content": {"uri": "steam://EEVMYZXU6D3R7FAK", "entry_type": "Steam", "name": "x"}}"#,
        ])
        let repeated = try worker.read(twice, as: .protonAuthenticator, password: nil, existing: [])
        #expect(repeated.rows.map(\.outcome).last == .repeated(repeated.newAccounts[0], first: .entry(1)))
    }

    @Test("The password-protected export is recognised and refused with a reason; other versions are named")
    func encryptedAndVersions() throws {
        let encrypted = try Self.fixture("proton-authenticator-encrypted")
        #expect(ImportFormat.detect(encrypted) == .protonAuthenticator)
        #expect(throws: ImportFizzle.encryptionNotSupported(format: .protonAuthenticator)) {
            try ProtonAuthenticatorExport.read(encrypted, existing: [])
        }
        #expect(throws: ImportFizzle.unsupportedVersion(format: .protonAuthenticator, version: 2)) {
            try ProtonAuthenticatorExport.read(Self.export([], version: "2"), existing: [])
        }
        #expect(throws: ImportFizzle.unsupportedVersion(format: .protonAuthenticator, version: -5)) {
            try ProtonAuthenticatorExport.read(Self.export([], version: "-5"), existing: [])
        }
        for damaged in [#"{"entries": []}"#, #"{"version": "1", "entries": []}"#, #"{"version": 1e300, "entries": []}"#,
                        #"{"version": 1, "entries": {}}"#, #"{"version": 1}"#, "[]", "not json", #"{"version": 1, "entries": [1"#] {
            #expect(throws: ImportFizzle.damaged(format: .protonAuthenticator), "\(damaged)") {
                try ProtonAuthenticatorExport.read(Data(damaged.utf8), existing: [])
            }
        }
        #expect(try ProtonAuthenticatorExport.read(Self.export([]), existing: []).rows.isEmpty)
    }

    @Test("Hostile entries are invalid rows with a reason, never dropped and never a crash", arguments: [
        ("7", "the entry is not an account"),
        (#"{"id": "x"}"#, "the content is missing"),
        (#"{"content": "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP"}"#, "the content is missing"),
        (#"{"content": {"entry_type": "Totp", "name": "n"}}"#, "the link is missing"),
        (#"{"content": {"uri": "", "entry_type": "Totp"}}"#, "the link is missing"),
        (#"{"content": {"uri": 42, "entry_type": "Totp"}}"#, "the link is not text"),
        (#"{"content": {"uri": "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP"}}"#, "the type is missing"),
        (#"{"content": {"uri": "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP", "entry_type": 1}}"#,
         "the type is not one of totp, hotp or steam"),
        (#"{"content": {"uri": "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP", "entry_type": "Yandex"}}"#,
         "the type is not one of totp, hotp or steam"),
        (#"{"content": {"uri": "otpauth://totp/A?secret=JBSW1", "entry_type": "Totp"}}"#,
         "the secret contains '1' at position 5, which Base32 does not use"),
        (#"{"content": {"uri": "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&digits=99999999999999999999", "entry_type": "Totp"}}"#,
         "the number of digits is not a whole number"),
        (#"{"content": {"uri": "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&period=0", "entry_type": "Totp"}}"#,
         "a period of 0 seconds is not possible: it must be 1 second or more"),
        (#"{"content": {"uri": "steam://JBSWY3DPEHPK3PXP", "entry_type": "Totp"}}"#, "this is not an otpauth:// link"),
        (#"{"content": {"uri": "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP", "entry_type": "Steam"}}"#,
         "this is not an otpauth:// link"),
        (#"{"content": {"uri": "steam://", "entry_type": "Steam"}}"#, "the secret is missing"),
        (#"{"content": {"uri": "steam://!!!not*base64", "entry_type": "Steam"}}"#,
         "the secret is not written the way this format writes secrets"),
        (#"{"content": {"uri": "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP", "entry_type": "Totp", "name": ["n"]}}"#,
         "the account name is not text"),
        (#"{"content": {"uri": "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP", "entry_type": "Totp"}, "note": 12}"#,
         "the note is not text"),
    ])
    func hostile(entry: String, reason: String) throws {
        let good = #"{"id": "g", "content": {"uri": "otpauth://totp/Good:g?secret=JBSWY3DPEHPK3PXP", "entry_type": "Totp", "name": "g"}}"#
        let report = try ProtonAuthenticatorExport.read(Self.export([good, entry]), existing: [])
        #expect(report.rows.count == 2)
        #expect(report.newAccounts.map(\.label) == ["Good (g)"])
        #expect(report.reasons.map(\.description) == ["entry 2: \(reason)"])
    }

    @Test("A TOTP link without an account takes the entry's name unless it is only the issuer; notes and nulls")
    func names() throws {
        let report = try ProtonAuthenticatorExport.read(Self.export([
            #"{"content": {"uri": "otpauth://totp/?secret=JBSWY3DPEHPK3PXP&issuer=Mastodon", "entry_type": "Totp", "name": "Mastodon"}, "note": null}"#,
            #"{"content": {"uri": "otpauth://totp/?secret=JBSWY3DPEHPK3PXQ&issuer=Forum", "entry_type": "TOTP", "name": "me"}, "note": "n"}"#,
            #"{"content": {"uri": "steam://JBSWY3DPEHPK3PXP", "entry_type": "steam", "name": null}}"#,
        ]), existing: [])
        #expect(report.reasons.isEmpty)
        #expect(report.newAccounts.map(\.issuer) == ["Mastodon", "Forum", "Steam"])
        #expect(report.newAccounts.map(\.name) == ["", "me", ""])
        #expect(report.newAccounts.map(\.note) == ["", "n", ""])
    }
}
