import AuthenticatorData
import AuthenticatorDomain
import Foundation
import KeelTesting
import Testing

@Suite("The format worker", .timeLimit(.minutes(1)))
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

    @Test("Failures are fizzles, and recorded without content")
    func failures() throws {
        #expect(throws: ImportFizzle.cannotWrite(format: .twoFAS)) { try worker.write([], as: .twoFAS, password: nil) }
        #expect(throws: ImportFizzle.passwordRequired(format: .aegis)) { try worker.write([], as: .aegis, password: nil) }
        #expect(throws: ImportFizzle.damaged(format: .otpauthText)) {
            try worker.read(Data([0xff, 0xfe]), as: .otpauthText, password: nil, existing: [])
        }
        #expect(throws: ImportFizzle.damaged(format: .googleMigration)) {
            try worker.read(Data("# nothing\n".utf8), as: .googleMigration, password: nil, existing: [])
        }
        for format in [ImportFormat.twoFAS, .bitwarden, .andOTP, .aegis] {
            #expect(throws: ImportFizzle.damaged(format: format)) {
                try worker.read(Data("nope".utf8), as: format, password: nil, existing: [])
            }
        }
        #expect(logbook.entries.count == 8)
        #expect(logbook.entries[0].context == "Export failed: 2FAS backup, 0 accounts")
        #expect(logbook.entries[2].context == "Import failed: list of otpauth links, 2 bytes")
        let export = try FormatWorker(logbook: logbook).write(
            GoogleMigrationTests.accounts(1), as: .googleMigration, password: nil)
        #expect(export.pages.count == 1)
    }
}
