import AuthenticatorData
import AuthenticatorDomain
import Crypto
import Foundation
import Testing

@Suite("One-time codes: RFC 4226, RFC 6238, Steam Guard")
struct OTPGeneratorTests {
    /// RFC 4226 Appendix D's secret: the ASCII of "12345678901234567890".
    static let rfc4226Secret = Secret(bytes: Array("12345678901234567890".utf8))

    /// RFC 4226 Appendix D: count, HMAC-SHA1, truncated value (hex and decimal), HOTP.
    static let rfc4226: [(counter: UInt64, hmac: String, hex: UInt32, decimal: UInt32, hotp: String)] = [
        (0, "cc93cf18508d94934c64b65d8ba7667fb7cde4b0", 0x4c93cf18, 1284755224, "755224"),
        (1, "75a48a19d4cbe100644e8ac1397eea747a2d33ab", 0x41397eea, 1094287082, "287082"),
        (2, "0bacb7fa082fef30782211938bc1c5e70416ff44", 0x082fef30, 137359152, "359152"),
        (3, "66c28227d03a2d5529262ff016a1e6ef76557ece", 0x66ef7655, 1726969429, "969429"),
        (4, "a904c900a64b35909874b33e61c5938a8e15ed1c", 0x61c5938a, 1640338314, "338314"),
        (5, "a37e783d7b7233c083d4f62926c7a25f238d0316", 0x33c083d4, 868254676, "254676"),
        (6, "bc9cd28561042c83f219324d3c607256c03272ae", 0x7256c032, 1918287922, "287922"),
        (7, "a4fb960c0bc06e1eabb804e5b397cdc4b45596fa", 0x04e5b397, 82162583, "162583"),
        (8, "1b3c89f65e6c9e883012052823443f048b4332db", 0x2823443f, 673399871, "399871"),
        (9, "1637409809a679dc698207310c8c7fc07290d9e5", 0x2679dc69, 645520489, "520489"),
    ]

    @Test("RFC 4226 Appendix D: every HMAC, truncated value and code", arguments: rfc4226)
    func rfc4226Vector(vector: (counter: UInt64, hmac: String, hex: UInt32, decimal: UInt32, hotp: String)) {
        let hmac = OTPGenerator.hmac(
            .sha1, key: Self.rfc4226Secret.bytes, message: OTPGenerator.counterBytes(vector.counter))
        #expect(hmac.hex == vector.hmac)
        let truncated = OTPGenerator.dynamicTruncation(hmac)
        #expect(truncated == vector.hex)
        #expect(truncated == vector.decimal)
        let key = SymmetricKey(data: Self.rfc4226Secret.bytes)
        #expect(OTPGenerator.truncatedValue(.sha1, key: key, counter: vector.counter) == vector.decimal)
        #expect(OTPGenerator.hotp(secret: Self.rfc4226Secret, algorithm: .sha1, digits: 6, counter: vector.counter)
            == vector.hotp)
    }

    /// RFC 6238 Appendix B: time, T (hex), and the 8-digit codes for SHA-1, SHA-256, SHA-512.
    static let rfc6238: [(time: UInt64, step: UInt64, sha1: String, sha256: String, sha512: String)] = [
        (59, 0x0000000000000001, "94287082", "46119246", "90693936"),
        (1111111109, 0x00000000023523EC, "07081804", "68084774", "25091201"),
        (1111111111, 0x00000000023523ED, "14050471", "67062674", "99943326"),
        (1234567890, 0x000000000273EF07, "89005924", "91819424", "93441116"),
        (2000000000, 0x0000000003F940AA, "69279037", "90698825", "38618901"),
        (20000000000, 0x0000000027BC86AA, "65353130", "77737706", "47863826"),
    ]

    /// The seeds of RFC 6238's reference code: 20, 32 and 64 bytes.
    static let seeds: [OTPAlgorithm: Secret] = [
        .sha1: Secret(bytes: Array("12345678901234567890".utf8)),
        .sha256: Secret(bytes: Array("12345678901234567890123456789012".utf8)),
        .sha512: Secret(bytes: Array("1234567890123456789012345678901234567890123456789012345678901234".utf8)),
    ]

    @Test("RFC 6238 Appendix B: every time, all three algorithms", arguments: rfc6238)
    func rfc6238Vector(vector: (time: UInt64, step: UInt64, sha1: String, sha256: String, sha512: String)) throws {
        #expect(OTPGenerator.timeStep(unixTime: vector.time, period: 30) == vector.step)
        for (algorithm, expected) in [(OTPAlgorithm.sha1, vector.sha1), (.sha256, vector.sha256), (.sha512, vector.sha512)] {
            let secret = try #require(Self.seeds[algorithm])
            #expect(OTPGenerator.totp(secret: secret, algorithm: algorithm, digits: 8, period: 30, unixTime: vector.time)
                == expected, "\(algorithm) at \(vector.time)")
            let account = Account(
                issuer: "RFC", name: "6238", secret: secret,
                parameters: try OTPParameters(kind: .totp, algorithm: algorithm, digits: 8))
            let code = OTPCodeWorker().code(for: account, at: Date(timeIntervalSince1970: Double(vector.time)))
            #expect(code.text == expected)
            #expect(code.expiry == Date(timeIntervalSince1970: Double((vector.step + 1) * 30)))
        }
    }

    // Published Steam Guard vector: KeePassXC's tests/TestTotp.cpp (testSteamTotp),
    // whose time/code pairs were made by the Steam mobile app for the secret
    // 63BEDWCQZKTQWPESARIERL5DTTQFCJTK.
    @Test("Steam Guard codes match KeePassXC's published vector")
    func steamVector() throws {
        let secret = Secret(bytes: try Base32.decode("63BEDWCQZKTQWPESARIERL5DTTQFCJTK"))
        #expect(OTPGenerator.steam(secret: secret, unixTime: 1511200518) == "FR8RV")
        #expect(OTPGenerator.steam(secret: secret, unixTime: 1511200714) == "9P3VP")
        let account = Account(issuer: "Steam", name: "gaben", secret: secret, parameters: .steam)
        let code = OTPCodeWorker().code(for: account, at: Date(timeIntervalSince1970: 1511200518.9))
        #expect(code.text == "FR8RV")
        #expect(code.expiry == Date(timeIntervalSince1970: 1511200530))
    }

    @Test("A counter-based code uses the account's counter and has no expiry")
    func hotpAccount() throws {
        let account = Account(
            issuer: "RFC", name: "4226", secret: Self.rfc4226Secret,
            parameters: try OTPParameters(kind: .hotp, counter: 7))
        let code = OTPCodeWorker().code(for: account, at: Date(timeIntervalSince1970: 0))
        #expect(code == OneTimeCode(text: "162583", expiry: nil))
    }

    @Test("Seven digits, any period of a second or more, 64-bit times and counters")
    func unusualParameters() {
        let secret = Self.rfc4226Secret
        #expect(OTPGenerator.hotp(secret: secret, algorithm: .sha1, digits: 7, counter: 0) == "4755224")
        #expect(OTPGenerator.hotp(secret: secret, algorithm: .sha1, digits: 8, counter: 7) == "82162583")
        #expect(OTPGenerator.timeStep(unixTime: 59, period: 1) == 59)
        #expect(OTPGenerator.totp(secret: secret, algorithm: .sha1, digits: 6, period: 1, unixTime: 1)
            == OTPGenerator.hotp(secret: secret, algorithm: .sha1, digits: 6, counter: 1))
        #expect(OTPGenerator.counterBytes(.max) == [UInt8](repeating: 0xff, count: 8))
        #expect(OTPGenerator.counterBytes(0x0102030405060708) == [1, 2, 3, 4, 5, 6, 7, 8])
        let late = OTPGenerator.hotp(secret: secret, algorithm: .sha512, digits: 8, counter: .max)
        #expect(late.count == 8)
    }

    @Test("Moments before 1970 count as 0, moments past 2^64 s as the last second")
    func unixTimes() {
        #expect(OTPGenerator.unixTime(of: Date(timeIntervalSince1970: -5)) == 0)
        #expect(OTPGenerator.unixTime(of: Date(timeIntervalSince1970: 59.999)) == 59)
        #expect(OTPGenerator.unixTime(of: Date(timeIntervalSince1970: 1e30)) == .max)
        let account = Account(issuer: "", name: "far", secret: Self.rfc4226Secret, parameters: .defaultTOTP)
        let code = OTPCodeWorker().code(for: account, at: Date(timeIntervalSince1970: 1e30))
        #expect(code.text.count == 6)
        #expect(code.expiry == Date(timeIntervalSince1970: Double(UInt64.max)))
        let everySecond = Account(
            issuer: "", name: "far", secret: Self.rfc4226Secret, parameters: try! OTPParameters(period: 1))
        let last = OTPCodeWorker().code(for: everySecond, at: Date(timeIntervalSince1970: 1e30))
        #expect(last.text == OTPGenerator.hotp(secret: Self.rfc4226Secret, algorithm: .sha1, digits: 6, counter: .max))
        #expect(last.expiry == Date(timeIntervalSince1970: Double(UInt64.max)))
    }

    @Test("The system time source reads the clock")
    func systemTime() {
        let before = Date()
        let now = SystemTimeSource().now()
        #expect(now >= before)
    }
}

extension Array where Element == UInt8 {
    /// The bytes in lowercase hex.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
