import AuthenticatorDomain
import Testing

@Suite("Import reports")
struct ImportReportTests {
    let secret = Secret(bytes: [1, 2, 3, 4, 5])
    var bank: Account { Account(issuer: "Bank", name: "ada", secret: secret) }

    @Test("Each entry is new, a duplicate of an account in the vault, a repeat of an earlier row, or invalid")
    func classification() {
        let other = Account(issuer: "Mail", name: "ada", secret: secret)
        let sameButName = Account(issuer: "Bank", name: "bob", secret: secret)
        let report = ImportReport(
            entries: [
                (.line(1), .success(bank)),
                (.line(2), .success(other)),
                (.line(3), .failure(.invalidBase32Character("1", position: 3))),
                (.line(4), .success(other)),
                (.line(5), .success(sameButName)),
            ],
            existing: [bank])
        #expect(report.rows.map(\.outcome) == [
            .duplicate(bank), .new(other), .invalid(.invalidBase32Character("1", position: 3)),
            .repeated(other, first: .line(2)), .new(sameButName),
        ])
        #expect(report.newAccounts == [other, sameButName])
        #expect(report.duplicates == [bank])
        #expect(report.repeated == [other])
        #expect(report.rows[3].repetition?.description == "the same account as line 2")
        #expect(report.rows[1].repetition == nil)
        #expect(report.reasons.map(\.description) == ["line 3: the secret contains '1' at position 3, which Base32 does not use"])
        #expect(report.rows[0].reason == nil)
        #expect(report.notes.isEmpty)
    }

    /// Issue 25: entries repeated within a file imported into an empty vault
    /// were reported as "already in the vault".
    @Test("Repeats within an import are repeats, not accounts already in the vault")
    func repeatsInAnEmptyVault() {
        let report = ImportReport(
            entries: [(.entry(1), .success(bank)), (.entry(2), .success(bank)), (.entry(3), .success(bank))],
            existing: [])
        #expect(report.duplicates.isEmpty)
        #expect(report.newAccounts == [bank])
        #expect(report.rows.map(\.outcome) == [.new(bank), .repeated(bank, first: .entry(1)), .repeated(bank, first: .entry(1))])
    }

    @Test("Locations read as people say them")
    func locations() {
        #expect(ImportLocation.line(3).description == "line 3")
        #expect(ImportLocation.entry(2).description == "entry 2")
        #expect(ImportLocation.page(2, entry: 7).description == "page 2, entry 7")
        let row = ImportRow(location: .page(1, entry: 2), outcome: .invalid(.missingSecret))
        #expect(row.reason?.description == "page 1, entry 2: the secret is missing")
    }

    @Test("Accounts read by label, never by secret")
    func labels() {
        #expect(bank.label == "Bank (ada)")
        #expect(Account(issuer: "", name: "ada", secret: secret).label == "ada")
        #expect(Account(issuer: "Bank", name: "", secret: secret).label == "Bank")
        #expect(bank.description == "Account(Bank (ada), totp SHA1 6 digits 30 s)")
        #expect(bank.identity == Account(issuer: "Bank", name: "ada", secret: secret, groups: ["x"]).identity)
    }

    @Test("Every fizzle has a message a person understands")
    func messages() {
        let entryFizzles: [EntryFizzle] = [
            .missingSecret, .invalidBase32Character("1", position: 3), .invalidBase32Length,
            .unsupportedDigits(9), .invalidPeriod(0), .missingCounter, .notANumber(field: "period"),
            .unsupportedAlgorithm, .unsupportedKind, .notAnOTPAuthURI, .malformedURI, .missingField("info"), .notAnEntry,
            .malformedSecret, .damagedMigrationLink, .notText(field: "name"), .negativeCounter,
        ]
        let importFizzles: [ImportFizzle] = ImportFormat.allCases.flatMap { format in
            [ImportFizzle.passwordRequired(format: format), .wrongPassword(format: format), .damaged(format: format),
             .unsupportedVersion(format: format, version: 9), .exportFailed(format: format),
             .encryptionNotSupported(format: format), .cannotWrite(format: format)]
        } + [.missingPages([2, 4], of: 5), .mixedBatches]
        let messages = entryFizzles.map(\.message.description) + importFizzles.map(\.message.description)
        #expect(Set(messages).count == messages.count)
        for message in messages {
            #expect(message.count > 10)
        }
        #expect(ImportFizzle.missingPages([2, 4], of: 5).message.description
            == "Pages 2 and 4 of 5 of this Google Authenticator export are missing: scan them too.")
        #expect(ImportFizzle.missingPages([1, 2, 4], of: 5).message.description.hasPrefix("Pages 1, 2 and 4 of 5 "))
        #expect(ImportFizzle.missingPages(Array(2...13), of: 20).message.description
            .hasPrefix("Pages 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 2 more of 20 "))
        #expect(ImportFizzle.wrongPassword(format: .aegis).message.description
            == "The password does not open this Aegis vault. Check it and try again.")
        #expect(ImportFizzle.damaged(format: .aegis) != .wrongPassword(format: .aegis))
    }

    /// Issue 25: one missing page was "Pages 2 of 3 … are missing".
    @Test("One missing page is one page")
    func oneMissingPage() {
        #expect(ImportFizzle.missingPages([2], of: 3).message.description
            == "Page 2 of 3 of this Google Authenticator export is missing: scan it too.")
    }

    @Test("Exports list what they leave out")
    func exports() {
        let export = Export(pages: [], count: 0, omitted: [ExportOmission(account: bank, reason: "no")])
        #expect(export.omitted.first?.account == bank)
        #expect(export.omitted.first?.reason == "no")
        #expect(Export(pages: [], count: 0).omitted.isEmpty)
        #expect(OneTimeCode(text: "123456", expiry: nil).text == "123456")
    }
}
