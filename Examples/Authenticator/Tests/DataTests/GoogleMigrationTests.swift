import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Testing

@Suite("Google Authenticator's export (otpauth-migration)")
struct GoogleMigrationTests {
    static func accounts(_ count: Int) -> [Account] {
        (0..<count).map(account)
    }

    static func account(_ index: Int) -> Account {
        let bytes: [UInt8] = (0..<20).map { UInt8(truncatingIfNeeded: $0 * 7 + index) }
        let parameters: OTPParameters
        if index % 3 == 0 {
            parameters = try! OTPParameters(kind: .hotp, algorithm: .sha256, digits: 8, counter: UInt64(index))
        } else {
            parameters = try! OTPParameters(algorithm: index % 2 == 0 ? .sha512 : .sha1)
        }
        return Account(
            issuer: "Issuer \(index)", name: "user\(index)@example.com", secret: Secret(bytes: bytes),
            parameters: parameters)
    }

    static func uris(_ export: Export) -> [String] {
        export.pages.map { String(decoding: $0, as: UTF8.self) }
    }

    // dim13/otpauth's README: its example export decodes to
    // otpauth://totp/Example:alice@google.com?issuer=Example&secret=JBSWY3DPEHPK3PXP
    @Test("Another decoder's published example reads as it says")
    func publishedExample() throws {
        let page = try GoogleMigration.readPage(
            "otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8SGEV4YW1wbGU6YWxpY2VAZ29vZ2xlLmNvbRoHRXhhbXBsZTAC")
        #expect(page.index == 0 && page.count == 1)
        let account = try page.results[0].get()
        #expect(account == (try OTPAuthURI.read(
            "otpauth://totp/Example:alice@google.com?issuer=Example&secret=JBSWY3DPEHPK3PXP")))
    }

    @Test("25 accounts make 3 pages that read back to the same accounts, in any order")
    func roundTrip() throws {
        let accounts = Self.accounts(25)
        let export = GoogleMigration.write(accounts, batchID: 77)
        #expect(export.pages.count == 3)
        #expect(export.count == 25)
        #expect(export.omitted.isEmpty)
        let uris = Self.uris(export)
        #expect(uris.allSatisfy { $0.hasPrefix("otpauth-migration://offline?data=") })
        let report = try GoogleMigration.read(uris.reversed(), existing: [])
        #expect(report.newAccounts == accounts)
        #expect(report.notes.isEmpty)
        #expect(report.rows.last?.location == .page(3, entry: 5))
        let pages = try uris.map(GoogleMigration.readPage)
        #expect(pages.map(\.index) == [0, 1, 2])
        #expect(pages.map(\.results.count) == [10, 10, 5])
        #expect(pages.allSatisfy { $0.batchID == 77 && $0.count == 3 })
    }

    @Test("Missing pages are named; a page read twice counts once")
    func missingPages() throws {
        let uris = Self.uris(GoogleMigration.write(Self.accounts(45), batchID: 5))
        #expect(uris.count == 5)
        let report = try GoogleMigration.read([uris[0], uris[2], uris[2]], existing: [])
        #expect(report.notes == [.missingPages([2, 4, 5], of: 5)])
        #expect(report.newAccounts.count == 20)
        #expect(report.notes[0].message.description.contains("Pages 2, 4 and 5 of 5"))
    }

    @Test("Names starting with the issuer's prefix, or with spaces, read back as written")
    func namesWithPrefixes() throws {
        let secret = Secret(bytes: [9, 8, 7])
        let accounts = ["I:x", "I: x", "  x", "I:I:x", " I:x", "x", ""].map {
            Account(issuer: "I", name: $0, secret: secret)
        } + [Account(issuer: "", name: ":x", secret: secret)]
        let report = try GoogleMigration.read(Self.uris(GoogleMigration.write(accounts, batchID: 4)), existing: [])
        #expect(report.rows.map(\.outcome) == accounts.map { .new($0) })
    }

    @Test("Pages of two exports are refused")
    func mixed() {
        let first = Self.uris(GoogleMigration.write(Self.accounts(12), batchID: 1))
        let second = Self.uris(GoogleMigration.write(Self.accounts(12), batchID: 2))
        #expect(throws: ImportFizzle.mixedBatches) { try GoogleMigration.read([first[0], second[1]], existing: []) }
    }

    @Test("What the format cannot carry is reported, not changed")
    func omissions() throws {
        let secret = Secret(bytes: [1, 2, 3, 4, 5])
        let steam = Account(issuer: "Steam", name: "s", secret: secret, parameters: .steam)
        let minute = Account(issuer: "M", name: "m", secret: secret, parameters: try OTPParameters(period: 60))
        let seven = Account(issuer: "D", name: "d", secret: secret, parameters: try OTPParameters(digits: 7))
        let huge = Account(issuer: "H", name: "h", secret: secret, parameters: try OTPParameters(kind: .hotp, counter: .max))
        let fine = Account(issuer: "F", name: "f", secret: secret)
        let export = GoogleMigration.write([steam, minute, fine, seven, huge], batchID: 9)
        #expect(export.omitted.map(\.account) == [steam, minute, seven, huge])
        #expect(export.count == 1, "the count is of the accounts carried")
        #expect(export.omitted.map(\.reason) == [
            "Google Authenticator has no Steam codes",
            "Google Authenticator only makes codes that change every 30 seconds",
            "Google Authenticator only makes codes of 6 or 8 digits",
            "Google Authenticator cannot store a counter this large",
        ])
        let report = try GoogleMigration.read(Self.uris(export), existing: [])
        #expect(report.newAccounts == [fine])
        // No account is one empty page, which reads back as no row.
        let empty = GoogleMigration.write([], batchID: 1)
        #expect(empty.pages.count == 1)
        #expect(try GoogleMigration.read(Self.uris(empty), existing: []).rows.isEmpty)
    }

    /// A payload built by hand, field by field, so that the field numbers are
    /// checked independently of the generated code.
    static func payload(_ entry: [UInt8], batch: [UInt8] = [0x10, 1, 0x18, 1, 0x20, 0, 0x28, 9]) -> String {
        let bytes = [0x0a, UInt8(entry.count)] + entry + batch
        return "otpauth-migration://offline?data="
            + Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "%3D")
            .replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "/", with: "%2F")
    }

    @Test("Each field of a hand-built payload lands where it should; bad fields are invalid rows")
    func handBuilt() throws {
        let secret: [UInt8] = [0x0a, 3, 1, 2, 3]
        let name: [UInt8] = [0x12, 1, UInt8(ascii: "n")]
        let issuer: [UInt8] = [0x1a, 1, UInt8(ascii: "i")]
        let hotp = try GoogleMigration.readPage(Self.payload(secret + name + issuer + [0x20, 3, 0x28, 2, 0x30, 1, 0x38, 42]))
        #expect(try hotp.results[0].get() == Account(
            issuer: "i", name: "n", secret: Secret(bytes: [1, 2, 3]),
            parameters: try OTPParameters(kind: .hotp, algorithm: .sha512, digits: 8, counter: 42)))
        let cases: [([UInt8], EntryFizzle)] = [
            (name + issuer, .missingSecret),
            (secret + [0x20, 4], .unsupportedAlgorithm),
            (secret + [0x20, 9], .unsupportedAlgorithm),
            (secret + [0x28, 7], .unsupportedDigits(7)),
            (secret + [0x30, 5], .unsupportedKind),
        ]
        for (entry, fizzle) in cases {
            let page = try GoogleMigration.readPage(Self.payload(entry))
            #expect(throws: fizzle) { try page.results[0].get() }
        }
        let negative = try GoogleMigration.readPage(Self.payload(
            secret + [0x30, 1, 0x38] + [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]))
        #expect(throws: EntryFizzle.notANumber(field: "counter")) { try negative.results[0].get() }
    }

    @Test("Damaged links are refused as a whole", arguments: [
        "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP",
        "otpauth-migration://online?data=CjEK",
        "otpauth-migration://offline?nodata=1",
        "otpauth-migration://offline?data=%%%",
        "otpauth-migration://offline?data=",
        "otpauth-migration://offline?data=CjEKCkhlbGxv",
        "otpauth-migration://offline?data=/w==",
    ])
    func damaged(uri: String) {
        #expect(throws: ImportFizzle.damaged(format: .googleMigration)) { try GoogleMigration.readPage(uri) }
    }

    @Test("A page index outside the batch is damage")
    func badIndex() {
        let uri = Self.payload([0x0a, 1, 1], batch: [0x18, 2, 0x20, 2])
        #expect(throws: ImportFizzle.damaged(format: .googleMigration)) { try GoogleMigration.readPage(uri) }
    }

    // Found by the fuzzer: a page claiming 2^31 pages hung the search for missing pages.
    @Test("A page claiming more pages than any export has is damage; 10,000 pages are listed quickly")
    func hugeBatches() throws {
        let huge = Self.payload([0x0a, 1, 1], batch: [0x18, 0xff, 0xff, 0xff, 0xff, 0x07, 0x20, 0])
        #expect(throws: ImportFizzle.damaged(format: .googleMigration)) { try GoogleMigration.read([huge], existing: []) }
        let large = Self.payload([0x0a, 1, 1], batch: [0x18, 0x90, 0x4e, 0x20, 0])
        let report = try GoogleMigration.read([large], existing: [])
        #expect(report.notes == [.missingPages(Array(2...10_000), of: 10_000)])
        #expect(report.notes[0].message.description
            == "Pages 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 9989 more of 10000 of this Google Authenticator export are missing: scan them too.")
    }

    @Test("URL-safe Base64 and unescaped plus signs are accepted")
    func lenientBase64() throws {
        let uri = Self.uris(GoogleMigration.write(Self.accounts(3), batchID: 3))[0]
        let data = String(uri.dropFirst("otpauth-migration://offline?data=".count))
            .replacingOccurrences(of: "%2B", with: "+").replacingOccurrences(of: "%2F", with: "/")
            .replacingOccurrences(of: "%3D", with: "")
        let urlSafe = data.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        for variant in [data, urlSafe, data.replacingOccurrences(of: "+", with: " ")] {
            let page = try GoogleMigration.readPage("otpauth-migration://offline?data=" + variant)
            #expect(page.results.count == 3)
        }
    }

    /// Issue 25: a damaged migration line was a note saying "nothing was
    /// imported from it", printed before "Added 2 accounts" from the other lines.
    @Test("A migration line in a text of URIs gives a row per account, at that line; a damaged one is one invalid row")
    func inText() {
        let uri = Self.uris(GoogleMigration.write(Self.accounts(2), batchID: 3))[0]
        let report = OTPAuthText.read("# header\n\(uri)\notpauth-migration://offline?data=\n", existing: [])
        #expect(report.rows.map(\.location) == [.line(2), .line(2), .line(3)])
        #expect(report.newAccounts == Self.accounts(2))
        #expect(report.notes.isEmpty)
        #expect(report.reasons.map(\.description) == [
            "line 3: this Google Authenticator export link is damaged or incomplete, so none of its accounts could be read",
        ])
    }

    /// Issue 25: a 3-page export cut just before its end was called "different exports".
    @Test("An export cut short anywhere in its last page is damaged or incomplete, never pages of different exports")
    func cutShort() throws {
        let uris = Self.uris(GoogleMigration.write(Self.accounts(25), batchID: 1_234_567))
        let whole = uris.joined(separator: "\n")
        var outcomes: [String: Int] = [:]
        for cut in 1..<uris[2].count {
            let text = String(whole.dropLast(cut))
            let lines = text.split(separator: "\n").map(String.init)
            do {
                let report = try GoogleMigration.read(lines, existing: [])
                // What reads is a whole export, or one whose missing page is named.
                #expect(report.newAccounts == Self.accounts(25) || !report.notes.isEmpty, "cut \(cut)")
                outcomes["read", default: 0] += 1
            } catch {
                #expect(error == .damaged(format: .googleMigration), "cut \(cut): \(error)")
                outcomes["\(error)", default: 0] += 1
            }
        }
        #expect(outcomes["damaged(format: AuthenticatorDomain.ImportFormat.googleMigration)", default: 0] > 0)
    }
}
