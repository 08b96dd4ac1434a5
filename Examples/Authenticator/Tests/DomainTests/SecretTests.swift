import AuthenticatorDomain
import Testing

@Suite("Secrets never show themselves")
struct SecretTests {
    let secret = Secret(bytes: Array("12345678901234567890".utf8))

    @Test("description, debugDescription, interpolation and dump say only the length")
    func redacted() {
        var dumped = ""
        dump(secret, to: &dumped)
        let account = Account(issuer: "Bank", name: "ada", secret: secret)
        var dumpedAccount = ""
        dump(account, to: &dumpedAccount)
        for text in [
            secret.description, secret.debugDescription, "\(secret)", String(reflecting: secret), dumped,
            account.description, "\(account)", String(reflecting: account), dumpedAccount,
        ] {
            #expect(!text.contains("1234"), "\(text)")
            #expect(!text.contains("49, 50"), "\(text)")
            #expect(!text.contains("GEZDGNBV"), "\(text)")
        }
        #expect(secret.description == "Secret(20 bytes, redacted)")
        #expect(Mirror(reflecting: secret).children.isEmpty)
    }

    @Test("Secrets compare and hash by their bytes")
    func equality() {
        #expect(secret == Secret(bytes: Array("12345678901234567890".utf8)))
        #expect(secret != Secret(bytes: [1]))
        #expect(Set([secret, secret]).count == 1)
        #expect(Secret(bytes: []).isEmpty)
        #expect(!secret.isEmpty)
    }
}

@Suite("OTP parameters")
struct OTPParametersTests {
    @Test("Defaults are SHA-1, 6 digits, 30 seconds")
    func defaults() throws {
        let parameters = try OTPParameters()
        #expect(parameters == .defaultTOTP)
        #expect(parameters.kind == .totp)
        #expect(parameters.algorithm == .sha1)
        #expect(parameters.digits == 6)
        #expect(parameters.period == 30)
        #expect(parameters.counter == 0)
        #expect(parameters.description == "totp SHA1 6 digits 30 s")
    }

    @Test("Digits outside 6...8 are rejected with a message", arguments: [-1, 0, 5, 9, 10])
    func digits(digits: Int) {
        #expect(throws: EntryFizzle.unsupportedDigits(digits)) { try OTPParameters(digits: digits) }
        #expect(EntryFizzle.unsupportedDigits(digits).message.description
            == "codes of \(digits) digits are not supported: codes have 6 to 8 digits")
    }

    @Test("A period under one second is rejected", arguments: [0, -30])
    func period(period: Int) {
        #expect(throws: EntryFizzle.invalidPeriod(period)) { try OTPParameters(period: period) }
    }

    @Test("Any period of a second or more and 6 to 8 digits are accepted")
    func accepted() throws {
        for digits in 6...8 {
            for period in [1, 15, 30, 60, 86_400] {
                let parameters = try OTPParameters(kind: .totp, algorithm: .sha512, digits: digits, period: period)
                #expect(parameters.digits == digits && parameters.period == period)
            }
        }
    }

    @Test("HOTP keeps its counter, TOTP drops it, Steam forces its own parameters")
    func kinds() throws {
        let hotp = try OTPParameters(kind: .hotp, algorithm: .sha256, digits: 8, counter: .max)
        #expect(hotp.counter == .max)
        #expect(hotp.description == "hotp SHA256 8 digits counter 18446744073709551615")
        #expect(try OTPParameters(kind: .totp, counter: 5).counter == 0)
        // Found by the uri fuzzer: an HOTP link with a period did not round-trip.
        #expect(try OTPParameters(kind: .hotp, period: 612) == (try OTPParameters(kind: .hotp)))
        #expect(try OTPParameters(kind: .hotp, period: 0).period == 30)
        let steam = try OTPParameters(kind: .steam, algorithm: .sha512, digits: 9, period: 0, counter: 4)
        #expect(steam == .steam)
        #expect(steam.algorithm == .sha1 && steam.digits == 5 && steam.period == 30 && steam.counter == 0)
        #expect(steam.description == "steam")
        #expect(OTPAlgorithm.sha256.name == "SHA256")
    }
}
