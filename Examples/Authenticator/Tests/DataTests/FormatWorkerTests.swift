import AuthenticatorData
import AuthenticatorDomain
import Foundation
import KeelTesting
import Testing

@Suite("The format worker", .timeLimit(.minutes(5)))
struct FormatWorkerTests {
    let logbook = MemoryLogbook()
    var worker: FormatWorker {
        FormatWorker(logbook: logbook, aegisCost: AegisVaultTests.cheap, batchID: { 42 })
    }

    @Test("Every writable format round-trips through the worker")
    func roundTrips() throws {
        let accounts = GoogleMigrationTests.accounts(12)
        for format in ImportFormat.allCases where format.isWritable {
            let export = try worker.write(accounts, as: format, password: "pw")
            let data = Data(export.pages.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n").utf8)
            let report = try worker.read(data, as: format, password: "pw", existing: [])
            #expect(report.newAccounts == accounts, "\(format)")
        }
        #expect(logbook.entries.isEmpty)
    }

    @Test("Existing accounts make duplicates")
    func duplicates() throws {
        let accounts = GoogleMigrationTests.accounts(3)
        let export = try worker.write(accounts, as: .otpauthText, password: nil)
        let report = try worker.read(export.pages[0], as: .otpauthText, password: nil, existing: [accounts[1]])
        #expect(report.duplicates == [accounts[1]])
        #expect(report.newAccounts == [accounts[0], accounts[2]])
    }

    /// Issue 25: every failed import was recorded as a developer error, and
    /// the command line printed that record (`damaged(format: …) (…FormatWorker.swift:55)`)
    /// before the message meant for the person.
    @Test("Failures are fizzles for the person, not developer errors: nothing is recorded")
    func failures() throws {
        #expect(throws: ImportFizzle.cannotWrite(format: .twoFAS)) { try worker.write([], as: .twoFAS, password: nil) }
        #expect(throws: ImportFizzle.cannotWrite(format: .protonAuthenticator)) {
            try worker.write([], as: .protonAuthenticator, password: nil)
        }
        #expect(throws: ImportFizzle.damaged(format: .otpauthText)) {
            try worker.read(Data([0xff, 0xfe]), as: .otpauthText, password: nil, existing: [])
        }
        #expect(throws: ImportFizzle.damaged(format: .googleMigration)) {
            try worker.read(Data("# nothing\n".utf8), as: .googleMigration, password: nil, existing: [])
        }
        for format in [ImportFormat.twoFAS, .bitwarden, .andOTP, .aegis, .protonAuthenticator, .freeOTPPlus] {
            #expect(throws: ImportFizzle.damaged(format: format)) {
                try worker.read(Data("nope".utf8), as: format, password: nil, existing: [])
            }
        }
        let vault = try worker.write(GoogleMigrationTests.accounts(2), as: .aegis, password: "pw").pages[0]
        #expect(throws: ImportFizzle.wrongPassword(format: .aegis)) {
            try worker.read(vault, as: .aegis, password: "wrong", existing: [])
        }
        #expect(logbook.entries.isEmpty)
        let export = try FormatWorker(logbook: logbook).write(
            GoogleMigrationTests.accounts(1), as: .googleMigration, password: nil)
        #expect(export.pages.count == 1)
    }

    @Test("An Aegis vault without a password is a plain one, which reads back without a password")
    func plainAegis() throws {
        let accounts = AegisVaultTests.accounts
        let export = try worker.write(accounts, as: .aegis, password: nil)
        #expect(export.count == accounts.count)
        let vault = try #require(try JSONSerialization.jsonObject(with: export.pages[0]) as? [String: Any])
        #expect(vault["db"] is [String: Any])
        #expect(try worker.read(export.pages[0], as: .aegis, password: nil, existing: []).newAccounts == accounts)
        #expect(ImportFormat.detect(export.pages[0]) == .aegis)
    }
}
