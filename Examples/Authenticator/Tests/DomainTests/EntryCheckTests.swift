import AuthenticatorDomain
import Foundation
import Testing

/// What an entry may hold before it becomes an account: no control
/// character in a name, an issuer or a group; no field of absurd size.
@Suite("Entry checks", .timeLimit(.minutes(2)))
struct EntryCheckTests {
    let secret = Secret(bytes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])

    @Test("A line break, a tab or another control character in a name, an issuer or a group is an invalid row", arguments: [
        "ada\n9\t000000\t30s\tPayPal\tada", "a\tb", "a\rb", "a\u{0}b", "a\u{1B}[31mb", "a\u{7F}b", "a\u{85}b", "a\u{2028}b",
    ])
    func controlCharacters(text: String) {
        let report = ImportReport(
            entries: [
                (.line(1), .success(Account(issuer: "PayPal", name: text, secret: secret))),
                (.line(2), .success(Account(issuer: text, name: "ada", secret: secret))),
                (.line(3), .success(Account(issuer: "PayPal", name: "ada", secret: secret, groups: [text]))),
            ], existing: [])
        #expect(report.newAccounts.isEmpty)
        #expect(report.rows.map(\.outcome) == [
            .invalid(.controlCharacter(field: "account name")),
            .invalid(.controlCharacter(field: "issuer")),
            .invalid(.controlCharacter(field: "tag")),
        ])
        #expect(report.reasons.first?.description
            == "line 1: the account name contains a line break, a tab or another control character")
    }

    @Test("Names, issuers and notes as people write them are accepted; a note may hold line breaks and tabs")
    func ordinaryText() throws {
        let account = Account(
            issuer: "Ünïcode — Bank 🏦", name: "ada lovelace <ada@example.com>", secret: secret, groups: ["Work", "개인"],
            note: "Recovery codes are in the safe.\n\tSecond line.")
        try account.check()
        let report = ImportReport(entries: [(.line(1), .success(account))], existing: [])
        #expect(report.newAccounts == [account])
    }

    @Test("Every field has a bound: names and issuers, groups, the note, the secret")
    func bounds() throws {
        let longest = String(repeating: "é", count: Account.maximumTextLength)
        let tooLong = longest + "e"
        try Account(issuer: longest, name: longest, secret: secret, groups: [longest]).check()
        try Account(issuer: "", name: "a", secret: Secret(bytes: Array(repeating: 7, count: Account.maximumSecretBytes)))
            .check()
        try Account(issuer: "", name: "a", secret: secret, note: String(repeating: "n", count: Account.maximumNoteLength))
            .check()
        #expect(throws: EntryFizzle.tooLong(field: "account name", maximum: Account.maximumTextLength)) {
            try Account(issuer: "", name: tooLong, secret: secret).check()
        }
        #expect(throws: EntryFizzle.tooLong(field: "issuer", maximum: Account.maximumTextLength)) {
            try Account(issuer: tooLong, name: "", secret: secret).check()
        }
        #expect(throws: EntryFizzle.tooLong(field: "tag", maximum: Account.maximumTextLength)) {
            try Account(issuer: "", name: "a", secret: secret, groups: [tooLong]).check()
        }
        #expect(throws: EntryFizzle.tooLong(field: "note", maximum: Account.maximumNoteLength)) {
            try Account(issuer: "", name: "a", secret: secret, note: String(repeating: "n", count: Account.maximumNoteLength + 1))
                .check()
        }
        #expect(throws: EntryFizzle.secretTooLong(maximumBytes: Account.maximumSecretBytes)) {
            try Account(issuer: "", name: "a", secret: Secret(bytes: Array(repeating: 7, count: Account.maximumSecretBytes + 1)))
                .check()
        }
        #expect(throws: EntryFizzle.tooManyGroups(maximum: Account.maximumGroups)) {
            try Account(issuer: "", name: "a", secret: secret, groups: (0...Account.maximumGroups).map { "g\($0)" }).check()
        }
        #expect(EntryFizzle.tooLong(field: "issuer", maximum: 256).message.description
            == "the issuer is longer than 256 characters")
        #expect(EntryFizzle.secretTooLong(maximumBytes: 512).message.description == "the secret is longer than 512 bytes")
        // A 50 MB name is an invalid row, quickly.
        let huge = String(repeating: "x", count: 50_000_000)
        let report = ImportReport(entries: [(.entry(1), .success(Account(issuer: "", name: huge, secret: secret)))], existing: [])
        #expect(report.newAccounts.isEmpty)
    }

    @Test("Raivo and Duo arrays are not andOTP backups; an array with andOTP's secret still is")
    func foreignArrays() {
        let raivo = #"[{"issuer": "A", "account": "b", "secret": "JBSWY3DPEHPK3PXP", "kind": "TOTP", "timer": "30", "pinned": "false"}]"#
        let duo = #"[{"name": "A", "otpGenerator": {"otpSecret": "JBSWY3DPEHPK3PXP"}, "accountType": "OtpAccount", "logoUri": ""}]"#
        #expect(ImportFormat.detect(Data(raivo.utf8)) == nil)
        #expect(ImportFormat.detect(Data(duo.utf8)) == nil)
        #expect(ImportFormat.unsupportedFormat(of: Data(raivo.utf8)) == "Raivo OTP")
        #expect(ImportFormat.unsupportedFormat(of: Data(duo.utf8)) == "Duo Mobile")
        #expect(ImportFormat.detect(Data(#"[{"title": "x"}]"#.utf8)) == nil)
        #expect(ImportFormat.detect(Data(#"[{"secret": "A"}]"#.utf8)) == .andOTP)
        #expect(ImportFormat.detect(Data(#"[]"#.utf8)) == .andOTP)
        #expect(ImportFormat.unsupportedFormat(of: Data(#"[{"secret": "A"}]"#.utf8)) == nil)
    }
}
