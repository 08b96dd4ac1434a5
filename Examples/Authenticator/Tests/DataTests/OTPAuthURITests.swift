import AuthenticatorData
import AuthenticatorDomain
import Testing

@Suite("otpauth:// URIs (Key Uri Format)")
struct OTPAuthURITests {
    let jbsw = Secret(bytes: [0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x21, 0xde, 0xad, 0xbe, 0xef])

    @Test("Google's example: issuer from the parameter and the prefix, defaults")
    func example() throws {
        let account = try OTPAuthURI.read(
            "otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example")
        #expect(account.issuer == "Example")
        #expect(account.name == "alice@google.com")
        #expect(account.secret == jbsw)
        #expect(account.parameters == .defaultTOTP)
    }

    @Test("The issuer comes from the label's prefix when there is no parameter, and the parameter wins")
    func issuer() throws {
        #expect(try OTPAuthURI.read("otpauth://totp/ACME%20Co:john.doe@email.com?secret=JBSWY3DPEHPK3PXP").issuer
            == "ACME Co")
        #expect(try OTPAuthURI.read("otpauth://totp/ACME%20Co%3Ajohn?secret=JBSWY3DPEHPK3PXP").name == "john")
        #expect(try OTPAuthURI.read("otpauth://totp/Old:%20%20john?secret=JBSWY3DPEHPK3PXP&issuer=New+Name").issuer
            == "New Name")
        #expect(try OTPAuthURI.read("otpauth://totp/Old:%20%20john?secret=JBSWY3DPEHPK3PXP").name == "john")
        #expect(try OTPAuthURI.read("otpauth://totp/Old:  john?secret=JBSWY3DPEHPK3PXP").name == "john")
        let bare = try OTPAuthURI.read("OTPAUTH://TOTP/john?SECRET=jbswy3dpehpk3pxp")
        #expect(bare.issuer == "" && bare.name == "john" && bare.secret == jbsw)
    }

    @Test("Algorithm, digits, period and counter are read")
    func parameters() throws {
        let totp = try OTPAuthURI.read(
            "otpauth://totp/A:b?secret=JBSWY3DPEHPK3PXP&algorithm=sha512&digits=8&period=60&image=x")
        #expect(totp.parameters == (try OTPParameters(kind: .totp, algorithm: .sha512, digits: 8, period: 60)))
        let hotp = try OTPAuthURI.read("otpauth://hotp/A:b?secret=JBSWY3DPEHPK3PXP&counter=18446744073709551615&algorithm=SHA256")
        #expect(hotp.parameters == (try OTPParameters(kind: .hotp, algorithm: .sha256, counter: .max)))
    }

    @Test("Steam, both as seen in the wild")
    func steam() throws {
        let native = try OTPAuthURI.read("otpauth://steam/Steam:gaben?secret=63BEDWCQZKTQWPESARIERL5DTTQFCJTK")
        #expect(native.parameters == .steam)
        #expect(native.issuer == "Steam")
        let encoder = try OTPAuthURI.read(
            "otpauth://totp/Steam:gaben?secret=63BEDWCQZKTQWPESARIERL5DTTQFCJTK&issuer=Steam&encoder=steam&digits=5")
        #expect(encoder.parameters == .steam)
        #expect(encoder == native)
    }

    @Test("Bad URIs are rejected with the reason", arguments: [
        ("https://example.com/?secret=JBSWY3DPEHPK3PXP", EntryFizzle.notAnOTPAuthURI),
        ("otpauth:totp/A?secret=JBSWY3DPEHPK3PXP", .notAnOTPAuthURI),
        ("otpauth://totp", .malformedURI),
        ("otpauth://totp/A%ZZ?secret=JBSWY3DPEHPK3PXP", .malformedURI),
        ("otpauth://totp/%FF:b?secret=JBSWY3DPEHPK3PXP", .malformedURI),
        ("otpauth://totp/A?secret=JBSW%2", .malformedURI),
        ("otpauth://motp/A?secret=JBSWY3DPEHPK3PXP", .unsupportedKind),
        ("otpauth://totp/A?issuer=B", .missingSecret),
        ("otpauth://totp/A?secret=", .missingSecret),
        ("otpauth://totp/A?secret====", .missingSecret),
        ("otpauth://totp/A?secret=JBSWY1DP", .invalidBase32Character("1", position: 6)),
        ("otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&algorithm=MD5", .unsupportedAlgorithm),
        ("otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&digits=9", .unsupportedDigits(9)),
        ("otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&digits=six", .notANumber(field: "number of digits")),
        ("otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&period=0", .invalidPeriod(0)),
        ("otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&period=x", .notANumber(field: "period")),
        ("otpauth://hotp/A?secret=JBSWY3DPEHPK3PXP", .missingCounter),
        ("otpauth://hotp/A?secret=JBSWY3DPEHPK3PXP&counter=-1", .notANumber(field: "counter")),
    ])
    func rejected(uri: String, fizzle: EntryFizzle) {
        #expect(throws: fizzle) { try OTPAuthURI.read(uri) }
    }

    static let accounts: [Account] = {
        let secret = Secret(bytes: Array("12345678901234567890".utf8))
        return [
            Account(issuer: "Example", name: "alice@google.com", secret: secret),
            Account(issuer: "", name: "bob", secret: secret),
            Account(issuer: "", name: "no:issuer", secret: secret),
            Account(issuer: "A:B & C/D?", name: "x y+z%20=&#", secret: secret),
            Account(issuer: "Korean 한국", name: "이메일@example.kr", secret: Secret(bytes: [0, 1, 2, 255])),
            Account(issuer: "Bank", name: "", secret: secret),
            Account(issuer: "H", name: "h", secret: secret,
                    parameters: try! OTPParameters(kind: .hotp, algorithm: .sha256, digits: 7, counter: 42)),
            Account(issuer: "T", name: "t", secret: secret,
                    parameters: try! OTPParameters(kind: .totp, algorithm: .sha512, digits: 8, period: 1)),
            Account(issuer: "Steam", name: "gaben", secret: secret, parameters: .steam),
        ]
    }()

    // Found by the fuzzer: a colon followed by a combining mark is one Character,
    // so the label's colon was missed and the account did not round-trip.
    @Test("A colon followed by a combining mark still separates the issuer")
    func combiningColon() throws {
        let account = try OTPAuthURI.read("otpauth://totp/ACME:\u{33E}x?secret=JBSWY3DPEHPK3PXP")
        #expect(account.issuer == "ACME")
        #expect(account.name == "\u{33E}x")
        #expect(try OTPAuthURI.read(OTPAuthURI.write(account)) == account)
        let unnamed = Account(issuer: "", name: "\u{33E}:\u{33E}", secret: account.secret)
        #expect(try OTPAuthURI.read(OTPAuthURI.write(unnamed)) == unnamed)
    }

    @Test("Writing then reading gives the same account", arguments: accounts)
    func roundTrip(account: Account) throws {
        let uri = OTPAuthURI.write(account)
        #expect(uri.hasPrefix("otpauth://"))
        #expect(!uri.contains(" "))
        #expect(try OTPAuthURI.read(uri) == account)
    }

    @Test("The writer's form for the common case")
    func written() {
        #expect(OTPAuthURI.write(Account(issuer: "Example", name: "alice@google.com", secret: jbsw))
            == "otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example&algorithm=SHA1&digits=6&period=30")
    }
}

@Suite("Texts of otpauth URIs")
struct OTPAuthTextTests {
    @Test("One URI per line; blank lines and comments ignored; reasons carry line numbers")
    func text() throws {
        let existing = try OTPAuthURI.read("otpauth://totp/Old:one?secret=JBSWY3DPEHPK3PXP")
        let text = """
            # exported by hand

            otpauth://totp/New:two?secret=JBSWY3DPEHPK3PXP
            otpauth://totp/A?secret=JBSW1
              otpauth://totp/Old:one?secret=jbsw-y3dp-ehpk-3pxp\r
            otpauth://totp/New:two?secret=JBSWY3DPEHPK3PXP
            not a link
            """
        let report = OTPAuthText.read(text, existing: [existing])
        #expect(report.rows.map(\.location) == [.line(3), .line(4), .line(5), .line(6), .line(7)])
        #expect(report.newAccounts.map(\.label) == ["New (two)"])
        #expect(report.duplicates.map(\.label) == ["Old (one)"])
        #expect(report.repeated.map(\.label) == ["New (two)"])
        #expect(report.reasons.map(\.description) == [
            "line 4: the secret contains '1' at position 5, which Base32 does not use",
            "line 7: this is not an otpauth:// link",
        ])
    }

    @Test("Written texts read back")
    func roundTrip() {
        let accounts = OTPAuthURITests.accounts
        let report = OTPAuthText.read(OTPAuthText.write(accounts), existing: [])
        #expect(report.newAccounts == accounts)
        // No account is a comment saying so, which reads back as no row.
        #expect(OTPAuthText.write([]) == OTPAuthText.emptyList)
        #expect(OTPAuthText.read(OTPAuthText.write([]), existing: []).rows.isEmpty)
    }
}
