import AuthenticatorData
import AuthenticatorDomain
import Foundation
import KeelTesting
import Testing

/// The importers against files other apps publish: several one-page Google
/// exports in one file, Proton's Steam secrets, a list cut inside its last
/// line, other apps' JSON arrays, and files or fields of absurd sizes.
@Suite("Files other apps publish", .timeLimit(.minutes(2)))
struct PublishedFileTests {
    let worker = FormatWorker(logbook: MemoryLogbook(), aegisCost: AegisVaultTests.cheap, batchID: { 42 })

    /// The one link of a one-page export of `accounts`, with the identifier `batchID`.
    static func onePage(_ accounts: [Account], batchID: Int32) -> String {
        String(decoding: GoogleMigration.write(accounts, batchID: batchID).pages[0], as: UTF8.self)
    }

    // MARK: - Google Authenticator: one-page exports (item 12)

    @Test("Complete one-page exports with different batch ids, comments between them, are each imported")
    func independentOnePageExports() throws {
        let accounts = GoogleMigrationTests.accounts(6)
        let text = """
            # Exported from Google Authenticator, one QR code at a time
            \(Self.onePage([accounts[1]], batchID: 101))
            # another export
            \(Self.onePage([accounts[2]], batchID: -202))

            # and a third, of two accounts
            \(Self.onePage([accounts[4], accounts[5]], batchID: 303))

            """
        let data = Data(text.utf8)
        #expect(ImportFormat.detect(data) == .googleMigration)
        let report = try worker.read(data, as: .googleMigration, password: nil, existing: [])
        #expect(report.newAccounts == [accounts[1], accounts[2], accounts[4], accounts[5]])
        #expect(report.notes.isEmpty)
        #expect(report.rows.map(\.location) == [
            .page(1, entry: 1), .page(2, entry: 1), .page(3, entry: 1), .page(3, entry: 2),
        ])
        // As a list of links, the same accounts.
        #expect(try worker.read(data, as: .otpauthText, password: nil, existing: []).newAccounts == report.newAccounts)
        // The same one-page export read twice counts once.
        let twice = Self.onePage([accounts[1]], batchID: 101)
        let again = try worker.read(Data("\(twice)\n\(twice)\n".utf8), as: .googleMigration, password: nil, existing: [])
        #expect(again.newAccounts == [accounts[1]] && again.rows.count == 1)
    }

    @Test("Pages of multi-page exports are still checked: missing pages named, two exports refused")
    func multiPageExportsStillChecked() throws {
        let accounts = GoogleMigrationTests.accounts(25)
        let three = GoogleMigrationTests.uris(GoogleMigration.write(accounts, batchID: 7))
        let other = GoogleMigrationTests.uris(GoogleMigration.write(accounts, batchID: 8))
        let missing = try worker.read(
            Data("\(three[0])\n\(three[2])\n".utf8), as: .googleMigration, password: nil, existing: [])
        #expect(missing.notes == [.missingPages([2], of: 3)])
        #expect(throws: ImportFizzle.mixedBatches) {
            try worker.read(Data("\(three[0])\n\(other[1])\n".utf8), as: .googleMigration, password: nil, existing: [])
        }
        // A one-page export beside a page of a longer one: two exports, as before.
        let single = Self.onePage([accounts[0]], batchID: 9)
        #expect(throws: ImportFizzle.mixedBatches) {
            try worker.read(Data("\(single)\n\(three[1])\n".utf8), as: .googleMigration, password: nil, existing: [])
        }
    }

    // MARK: - Proton's Steam secrets (item 13)

    @Test("A lower-case Steam secret of Proton is Base32, read case-insensitively; Base64 only when it is not Base32")
    func protonSteamBase32First() throws {
        let export = """
            {"version": 1, "entries": [
              {"id": "a", "note": null, "content": {"uri": "steam://steamsteamsteamsteam", "entry_type": "Steam", "name": "gamer"}},
              {"id": "b", "note": null, "content": {"uri": "steam://c3RlYW0xMjM0NTY3ODkw", "entry_type": "Steam", "name": "b64"}}
            ]}
            """
        let accounts = try worker.read(Data(export.utf8), as: .protonAuthenticator, password: nil, existing: []).newAccounts
        try #require(accounts.count == 2)
        #expect(accounts[0].secret.bytes == (try Base32.decode("STEAMSTEAMSTEAMSTEAM")))
        #expect(OTPGenerator.steam(secret: accounts[0].secret, unixTime: 1_700_000_000) == "335GK")
        #expect(accounts[1].secret.bytes == Array("steam1234567890".utf8))
    }

    // MARK: - A list cut inside its last line (item 14)

    static let whole = "otpauth://totp/ada?secret=JBSWY3DPEHPK3PXP&issuer=GitHub"
    static let first = "otpauth://totp/Mail:bob?secret=GEZDGNBVGY3TQOJQ&issuer=Mail"

    @Test("A last line cut short, without a line break, is an invalid row saying so, never another account", arguments: [
        4,  // "otpa"
        17,  // before the query: "otpauth://totp/ad"
        19,  // just after "?"
        36,  // in the secret: "JBSWY3DPEH"
        38,  // in the secret: "JBSWY3DPEHPK"
        43,  // after the secret's "&"
        46,  // in a parameter's name: "&iss"
        50,  // after a parameter's "="
        55,  // in the middle of the issuer's escape, see below
    ])
    func cutLastLine(length: Int) throws {
        let line = length == 55 ? "otpauth://totp/ada?secret=JBSWY3DPEHPK3PXP&issuer=Git%4" : String(Self.whole.prefix(length))
        let report = try worker.read(Data("\(Self.first)\n\(line)".utf8), as: .otpauthText, password: nil, existing: [])
        #expect(report.newAccounts.map(\.issuer) == ["Mail"], "\(line)")
        #expect(report.rows.count == 2)
        #expect(report.rows.last?.outcome == .invalid(.cutShort), "\(line)")
        #expect(report.reasons.map(\.description) == [
            "line 2: the text ends in the middle of this line, which is cut short, so it was not imported",
        ])
    }

    @Test("A Google export link cut short as the last line without a line break is an invalid row, never fewer accounts")
    func cutMigrationLastLine() throws {
        let accounts = GoogleMigrationTests.accounts(3)
        let link = Self.onePage(accounts, batchID: 55)
        var invalid = 0
        for length in (link.count - 12)..<link.count {
            let text = "\(Self.first)\n\(link.prefix(length))"
            let report = try worker.read(Data(text.utf8), as: .otpauthText, password: nil, existing: [])
            // A cut that loses only the padding loses nothing: the export reads whole.
            if report.rows.count == 4 {
                #expect(report.newAccounts.dropFirst().elementsEqual(accounts), "cut at \(length)")
            } else {
                #expect(report.newAccounts.map(\.issuer) == ["Mail"], "cut at \(length)")
                #expect(report.rows.last?.outcome == .invalid(.damagedMigrationLink), "cut at \(length)")
                invalid += 1
            }
        }
        #expect(invalid >= 9)
        // A page whose closing fields are lost (cut on a field's end) still parses: as the last line, it is refused.
        let secret: [UInt8] = [0x0a, 3, 1, 2, 3]
        let lastLine = GoogleMigrationTests.payload(secret, batch: [0x10, 1])
        let report = try worker.read(Data("\(Self.first)\n\(lastLine)".utf8), as: .otpauthText, password: nil, existing: [])
        #expect(report.newAccounts.map(\.issuer) == ["Mail"])
        #expect(report.rows.last?.outcome == .invalid(.damagedMigrationLink))
        // Cut inside the scheme of a Google export link.
        let early = try worker.read(Data("\(Self.first)\notpauth-migr".utf8), as: .otpauthText, password: nil, existing: [])
        #expect(early.rows.last?.outcome == .invalid(.cutShort))
        // With its line break, it is a line as any other (another app's writer may leave those fields out).
        let ended = try worker.read(Data("\(Self.first)\n\(lastLine)\n".utf8), as: .otpauthText, password: nil, existing: [])
        #expect(ended.newAccounts.count == 2)
    }

    @Test("A whole file without a final line break imports every line", arguments: [
        whole,
        "otpauth://totp/GitHub:ada?issuer=GitHub&secret=JBSWY3DPEHPK3PXP",
        "otpauth://totp/GitHub:ada?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
        "otpauth://hotp/GitHub:ada?secret=JBSWY3DPEHPK3PXP&counter=12  ",
        "otpauth://totp/GitHub:ada?secret=MFRGG",
    ])
    func wholeWithoutFinalLineBreak(line: String) throws {
        for text in ["\(Self.first)\n\(line)", "\(Self.first)\r\n\(line)", line] {
            let report = try worker.read(Data(text.utf8), as: .otpauthText, password: nil, existing: [])
            #expect(report.reasons.isEmpty, "\(text)")
            #expect(report.newAccounts.count == text.split(whereSeparator: \.isNewline).count, "\(text)")
        }
    }

    @Test("A last line that is invalid for another reason keeps its own reason")
    func otherReasonKept() throws {
        let text = "\(Self.first)\notpauth://totp/A?secret=JBSWY3DPEHPK3PXP&digits=9"
        let report = try worker.read(Data(text.utf8), as: .otpauthText, password: nil, existing: [])
        #expect(report.rows.last?.outcome == .invalid(.unsupportedDigits(9)))
        // A character Base32 does not use is the secret's own fault, not a cut.
        let pasted = try worker.read(Data("otpauth://totp/Broken?secret=AB1C".utf8), as: .otpauthText, password: nil, existing: [])
        #expect(pasted.rows.last?.outcome == .invalid(.invalidBase32Character("1", position: 3)))
        let notALink = try worker.read(Data("\(Self.first)\nnot a link".utf8), as: .otpauthText, password: nil, existing: [])
        #expect(notALink.rows.last?.outcome == .invalid(.notAnOTPAuthURI))
    }

    @Test("A link added on its own is checked as an imported one is")
    func addedLinkChecked() throws {
        #expect(throws: EntryFizzle.controlCharacter(field: "account name")) {
            try worker.readLink("otpauth://totp/Mail:ada%0A9%09000000?secret=JBSWY3DPEHPK3PXP&issuer=Mail")
        }
        #expect(throws: EntryFizzle.controlCharacter(field: "issuer")) {
            try worker.readLink("otpauth://totp/ada?secret=JBSWY3DPEHPK3PXP&issuer=Mail%09Bank")
        }
        #expect(try worker.readLink(Self.first).issuer == "Mail")
    }

    // MARK: - Other apps' JSON arrays (item 15)

    static let raivo = Data("""
        [{"issuer": "GitHub", "account": "ada", "secret": "JBSWY3DPEHPK3PXP", "algorithm": "SHA1", "digits": "6",
          "kind": "TOTP", "timer": "30", "counter": "0", "pinned": "false", "iconType": "", "iconValue": ""}]
        """.utf8)
    static let duo = Data("""
        [{"name": "GitHub", "otpGenerator": {"otpSecret": "JBSWY3DPEHPK3PXP", "counter": 0},
          "accountType": "OtpAccount", "logoUri": "https://example.com/logo.png"}]
        """.utf8)

    @Test("Raivo and Duo exports are not andOTP backups: detection and the andOTP reader say what they are")
    func foreignArrays() throws {
        #expect(ImportFormat.detect(Self.raivo) == nil)
        #expect(ImportFormat.detect(Self.duo) == nil)
        #expect(ImportFormat.unsupportedFormat(of: Self.raivo) == "Raivo OTP")
        #expect(ImportFormat.unsupportedFormat(of: Self.duo) == "Duo Mobile")
        #expect(throws: ImportFizzle.unsupportedFormat(name: "Raivo OTP")) {
            try worker.read(Self.raivo, as: .andOTP, password: nil, existing: [])
        }
        #expect(throws: ImportFizzle.unsupportedFormat(name: "Duo Mobile")) {
            try worker.read(Self.duo, as: .andOTP, password: nil, existing: [])
        }
        #expect(ImportFizzle.unsupportedFormat(name: "Raivo OTP").message.description
            == "This file looks like a Raivo OTP export, a format this app does not read.")
        // An array of objects none of which has andOTP's secret is damaged, not an andOTP backup of nothing.
        let unknown = Data(#"[{"label": "x"}, {"title": "y"}]"#.utf8)
        #expect(ImportFormat.detect(unknown) == nil)
        #expect(throws: ImportFizzle.damaged(format: .andOTP)) {
            try worker.read(unknown, as: .andOTP, password: nil, existing: [])
        }
    }

    // MARK: - Sizes and shapes (item 17)

    @Test("An Aegis vault whose entries are not a list is damaged", arguments: [
        #"{}"#, #""none""#, #"42"#, #"null"#,
    ])
    func aegisEntriesOfTheWrongType(entries: String) {
        let vault = #"{"version": 1, "header": {"slots": null, "params": null}, "db": {"version": 3, "entries": \#(entries)}}"#
        #expect(throws: ImportFizzle.damaged(format: .aegis)) {
            try worker.read(Data(vault.utf8), as: .aegis, password: nil, existing: [])
        }
    }

    @Test("A file over the import limit is refused before it is read, whatever its format")
    func fileTooLarge() throws {
        let link = Self.first + "\n"
        let padding = String(repeating: "#", count: ImportLimits.maximumFileSize - link.utf8.count)
        let atLimit = Data((link + padding).utf8)
        #expect(atLimit.count == ImportLimits.maximumFileSize)
        #expect(try worker.read(atLimit, as: .otpauthText, password: nil, existing: []).newAccounts.count == 1)
        let over = atLimit + Data("#".utf8)
        for format in ImportFormat.allCases {
            #expect(throws: ImportFizzle.tooLarge(maximumKB: ImportLimits.maximumFileSize / 1024)) {
                try worker.read(over, as: format, password: nil, existing: [])
            }
        }
    }

    @Test("Fields of absurd sizes are invalid rows, in every reader")
    func fieldsTooLong() throws {
        let long = String(repeating: "a", count: Account.maximumTextLength + 1)
        let fine = String(repeating: "a", count: Account.maximumTextLength)
        let secret = String(repeating: "A", count: (Account.maximumSecretBytes / 5 + 1) * 8)
        let text = """
            otpauth://totp/\(fine)?secret=JBSWY3DPEHPK3PXP&issuer=\(fine)
            otpauth://totp/\(long)?secret=JBSWY3DPEHPK3PXP
            otpauth://totp/a?secret=JBSWY3DPEHPK3PXP&issuer=\(long)
            otpauth://totp/a?secret=\(secret)

            """
        let report = try worker.read(Data(text.utf8), as: .otpauthText, password: nil, existing: [])
        #expect(report.newAccounts.count == 1)
        #expect(report.rows.map(\.outcome).dropFirst() == [
            .invalid(.tooLong(field: "account name", maximum: Account.maximumTextLength)),
            .invalid(.tooLong(field: "issuer", maximum: Account.maximumTextLength)),
            .invalid(.secretTooLong(maximumBytes: Account.maximumSecretBytes)),
        ])
        let note = String(repeating: "n", count: Account.maximumNoteLength + 1)
        let aegis = """
            {"version": 1, "header": {"slots": null, "params": null}, "db": {"version": 3, "entries": [
              {"type": "totp", "name": "a", "issuer": "b", "note": "\(note)", "info": {"secret": "JBSWY3DPEHPK3PXP"}}
            ]}}
            """
        let rows = try worker.read(Data(aegis.utf8), as: .aegis, password: nil, existing: []).rows
        #expect(rows.map(\.outcome) == [.invalid(.tooLong(field: "note", maximum: Account.maximumNoteLength))])
    }
}
