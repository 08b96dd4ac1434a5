import AuthenticatorDomain
import Testing

@Suite("Import reports")
struct ImportReportTests {
    let secret = Secret(bytes: [1, 2, 3, 4, 5])
    var bank: Account { Account(issuer: "Bank", name: "ada", secret: secret) }

    @Test("Each entry is new, a duplicate of an existing account or earlier row, or invalid")
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
            .duplicate(other), .new(sameButName),
        ])
        #expect(report.newAccounts == [other, sameButName])
        #expect(report.duplicates == [bank, other])
        #expect(report.reasons == ["line 3: the secret contains '1' at position 3, which Base32 does not use"])
        #expect(report.rows[0].reason == nil)
        #expect(report.notes.isEmpty)
    }

    @Test("Locations read as people say them")
    func locations() {
        #expect(ImportLocation.line(3).description == "line 3")
        #expect(ImportLocation.entry(2).description == "entry 2")
        #expect(ImportLocation.page(2, entry: 7).description == "page 2, entry 7")
        let row = ImportRow(location: .page(1, entry: 2), outcome: .invalid(.missingSecret))
        #expect(row.reason == "page 1, entry 2: the secret is missing")
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
        ]
        let importFizzles: [ImportFizzle] = ImportFormat.allCases.flatMap { format in
            [ImportFizzle.passwordRequired(format: format), .wrongPassword(format: format), .damaged(format: format),
             .unsupportedVersion(format: format, version: 9), .exportFailed(format: format),
             .encryptionNotSupported(format: format), .cannotWrite(format: format)]
        } + [.missingPages([2, 4], of: 5), .mixedBatches]
        let messages = entryFizzles.map(\.message) + importFizzles.map(\.message)
        #expect(Set(messages).count == messages.count)
        for message in messages {
            #expect(message.count > 10)
        }
        #expect(ImportFizzle.missingPages([2, 4], of: 5).message.hasPrefix("Pages 2, 4 of 5"))
        #expect(ImportFizzle.wrongPassword(format: .aegis).message
            == "The password does not open this Aegis vault. Check it and try again.")
        #expect(ImportFizzle.damaged(format: .aegis) != .wrongPassword(format: .aegis))
    }

    @Test("Exports list what they leave out")
    func exports() {
        let export = Export(pages: [], omitted: [ExportOmission(account: bank, reason: "no")])
        #expect(export.omitted.first?.account == bank)
        #expect(export.omitted.first?.reason == "no")
        #expect(Export(pages: []).omitted.isEmpty)
        #expect(OneTimeCode(text: "123456", expiry: nil).text == "123456")
    }
}
