import AuthenticatorData
import AuthenticatorDomain
import Foundation
import KeelTesting
import Testing

/// FreeOTP+'s JSON export, from a fixture written for these tests after the
/// format FreeOTP+ writes (`tokens` as its legacy `Token`, with the secret as
/// signed bytes, and `tokenOrder`).
@Suite("FreeOTP+ exports", .timeLimit(.minutes(5)))
struct FreeOTPPlusTests {
    static func secret(_ base32: String) -> Secret { Secret(bytes: try! Base32.decode(base32)) }

    /// An export of `tokens` (JSON objects).
    static func export(_ tokens: [String]) -> Data {
        Data(#"{"tokenOrder": [], "tokens": [\#(tokens.joined(separator: ","))]}"#.utf8)
    }

    @Test("Every field of the fixture lands where it should: kinds, algorithms, digits, periods, counters, renamed names, Steam")
    func fixture() throws {
        let url = try #require(Bundle.module.url(forResource: "freeotp-plus", withExtension: "json", subdirectory: "Fixtures/Formats"))
        let data = try Data(contentsOf: url)
        #expect(ImportFormat.detect(data) == .freeOTPPlus)
        let report = try FreeOTPPlusExport.read(data, existing: [])
        #expect(report.reasons.isEmpty)
        #expect(report.newAccounts == [
            Account(issuer: "Forgejo", name: "kim@example.net", secret: Self.secret("HHRHV3AVBGTNXXZOEOSQAV7JUI")),
            Account(issuer: "VPN", name: "ops", secret: Self.secret("RPGNCMX2ZX4CHD2HBYRBJBCZR7MNTZIF"),
                    parameters: try OTPParameters(kind: .hotp, algorithm: .sha256, digits: 8, counter: 41)),
            // A token added with counter 0 and never used: FreeOTP+ keeps −1; its next code is counter 0's.
            Account(issuer: "Lab", name: "door", secret: Self.secret("BVDKQ5ZJ4S4677IQ"),
                    parameters: try OTPParameters(kind: .hotp, counter: 0)),
            Account(issuer: "Steam", name: "player", secret: Self.secret("RWL7SERTBQFBBL7H"), parameters: .steam),
            Account(issuer: "Renamed", name: "me at work",
                    secret: Self.secret("KTRBUWZH6G7ANRROAVSNC7F57R3G3DG55MH6QJCSUIBVRVAHZ7VJJROEGECGBVFBTP3SZCTI2LZKDX3K2BOM5WTODJKK6U6VTKZHGWI"),
                    parameters: try OTPParameters(algorithm: .sha512, digits: 7, period: 45)),
        ])
    }

    @Test("Signed and unsigned bytes are the same key; the issuer falls back from issuerExt to issuerInt")
    func bytesAndIssuers() throws {
        let report = try FreeOTPPlusExport.read(Self.export([
            #"{"secret": [-1, -128, 0, 127, 1], "type": "TOTP", "issuerInt": "Inner", "label": "a"}"#,
            #"{"secret": [255, 128, 0, 127, 2], "type": "totp", "issuerExt": "", "issuerAlt": "", "label": "b", "labelAlt": ""}"#,
        ]), existing: [])
        #expect(report.reasons.isEmpty)
        #expect(report.newAccounts.map(\.secret) == [Secret(bytes: [255, 128, 0, 127, 1]), Secret(bytes: [255, 128, 0, 127, 2])])
        #expect(report.newAccounts.map(\.issuer) == ["Inner", ""])
        #expect(report.newAccounts.map(\.name) == ["a", "b"])
    }

    @Test("Through the worker, existing accounts are duplicates and repeated tokens are repeats")
    func duplicates() throws {
        let worker = FormatWorker(logbook: MemoryLogbook())
        let token = #"{"secret": [1, 2, 3, 4, 5], "type": "TOTP", "issuerExt": "A", "label": "b"}"#
        let other = #"{"secret": [1, 2, 3, 4, 6], "type": "TOTP", "issuerExt": "A", "label": "b"}"#
        let first = try worker.read(Self.export([token]), as: .freeOTPPlus, password: nil, existing: []).newAccounts
        let report = try worker.read(Self.export([token, other, other]), as: .freeOTPPlus, password: nil, existing: first)
        #expect(report.duplicates == first)
        #expect(report.newAccounts.count == 1)
        #expect(report.rows[2].outcome == .repeated(report.newAccounts[0], first: .entry(2)))
    }

    @Test("A file that is not an export is damaged", arguments: [
        "not json", "[]", #"{"tokens": {}}"#, #"{"tokenOrder": []}"#, #"{"tokens": "x"}"#, #"{"tokens": [{"#,
    ])
    func damaged(text: String) {
        #expect(throws: ImportFizzle.damaged(format: .freeOTPPlus)) { try FreeOTPPlusExport.read(Data(text.utf8), existing: []) }
    }

    @Test("Hostile tokens are invalid rows with a reason, never dropped and never a crash", arguments: [
        ("null", "the entry is not an account"),
        (#""TOTP""#, "the entry is not an account"),
        (#"{"type": "TOTP"}"#, "the secret is missing"),
        (#"{"secret": [], "type": "TOTP"}"#, "the secret is missing"),
        (#"{"secret": "JBSWY3DPEHPK3PXP", "type": "TOTP"}"#, "the secret is not written the way this format writes secrets"),
        (#"{"secret": [1, 2, "3"], "type": "TOTP"}"#, "the secret is not written the way this format writes secrets"),
        (#"{"secret": [1, 2, 256], "type": "TOTP"}"#, "the secret is not written the way this format writes secrets"),
        (#"{"secret": [1, 2, -129], "type": "TOTP"}"#, "the secret is not written the way this format writes secrets"),
        (#"{"secret": [1, 2, 3.5], "type": "TOTP"}"#, "the secret is not written the way this format writes secrets"),
        (#"{"secret": [1, 2, true], "type": "TOTP"}"#, "the secret is not written the way this format writes secrets"),
        (#"{"secret": [1, 2, 1e300], "type": "TOTP"}"#, "the secret is not written the way this format writes secrets"),
        (#"{"secret": [1, 2, 3]}"#, "the type is missing"),
        (#"{"secret": [1, 2, 3], "type": 1}"#, "the type is not text"),
        (#"{"secret": [1, 2, 3], "type": "STEAM"}"#, "the type is not one of totp, hotp or steam"),
        (#"{"secret": [1, 2, 3], "type": "TOTP", "algo": "MD5"}"#, "the algorithm is not one of SHA1, SHA256 or SHA512"),
        (#"{"secret": [1, 2, 3], "type": "TOTP", "algo": 1}"#, "the algorithm is not one of SHA1, SHA256 or SHA512"),
        (#"{"secret": [1, 2, 3], "type": "TOTP", "digits": 9}"#, "codes of 9 digits are not supported: codes have 6 to 8 digits"),
        (#"{"secret": [1, 2, 3], "type": "TOTP", "digits": 99999999999999999999999}"#, "the number of digits is not a whole number"),
        (#"{"secret": [1, 2, 3], "type": "TOTP", "digits": [6]}"#, "the number of digits is not a whole number"),
        (#"{"secret": [1, 2, 3], "type": "TOTP", "period": 0}"#, "a period of 0 seconds is not possible: it must be 1 second or more"),
        (#"{"secret": [1, 2, 3], "type": "TOTP", "period": -30}"#, "a period of -30 seconds is not possible: it must be 1 second or more"),
        (#"{"secret": [1, 2, 3], "type": "TOTP", "period": 1.5}"#, "the period is not a whole number"),
        (#"{"secret": [1, 2, 3], "type": "HOTP"}"#, "a counter-based (HOTP) account needs its counter"),
        (#"{"secret": [1, 2, 3], "type": "HOTP", "counter": "7"}"#, "the counter is not a whole number"),
        (#"{"secret": [1, 2, 3], "type": "HOTP", "counter": 1e19}"#, "the counter is not a whole number"),
        (#"{"secret": [1, 2, 3], "type": "HOTP", "counter": -2}"#, "the counter is below zero"),
        (#"{"secret": [1, 2, 3], "type": "TOTP", "label": {"x": 1}}"#, "the account name is not text"),
        (#"{"secret": [1, 2, 3], "type": "TOTP", "issuerExt": 5}"#, "the issuer is not text"),
    ])
    func hostile(token: String, reason: String) throws {
        let good = #"{"secret": [9, 8, 7, 6, 5], "type": "TOTP", "issuerExt": "Good", "label": "g"}"#
        let report = try FreeOTPPlusExport.read(Self.export([good, token]), existing: [])
        #expect(report.rows.count == 2)
        #expect(report.newAccounts.map(\.label) == ["Good (g)"])
        #expect(report.reasons.map(\.description) == ["entry 2: \(reason)"])
    }

    @Test("A large export reads quickly and wholly")
    func large() throws {
        let tokens = (0..<2_000).map { index in
            #"{"secret": [\#(index % 256), \#(index / 256), 3, 4, 5], "type": "TOTP", "issuerExt": "I\#(index)", "label": "n"}"#
        }
        let report = try FreeOTPPlusExport.read(Self.export(tokens), existing: [])
        #expect(report.newAccounts.count == 2_000)
    }
}
