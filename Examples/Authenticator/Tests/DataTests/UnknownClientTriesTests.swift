import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel
import Testing

@Suite("Unknown clients' wrong passphrases are counted apart from the owner's", .timeLimit(.minutes(2)))
struct UnknownClientTriesTests {
    typealias T = VaultTesting

    @Test("they slow down unknown clients only; the owner's tries and count stay as they were; an owner's success does not reset them")
    func countedApart() async throws {
        try await T.inFolder { folder in
            let worker = VaultKeyWorker(
                database: try VaultDatabase(file: VaultDatabase.databaseFile(in: folder), logbook: SilentLogbook()), cost: T.cheap)
            let key = try await worker.createKey(passphrase: T.passphrase)
            for _ in 0..<4 {
                await expectFizzle(.wrongPassphrase) {
                    try await worker.openKey(passphrase: "a guess", at: T.moment, by: .unknownClient)
                }
            }
            await expectFizzle(.tryAgainLater(seconds: 1)) {
                try await worker.openKey(passphrase: T.passphrase, at: T.moment, by: .unknownClient)
            }
            // The owner (the command line: a worker of its own on the same file, too) is not delayed.
            #expect(try await worker.openKey(passphrase: T.passphrase, at: T.moment, by: .owner) == key)
            let commandLine = VaultKeyWorker(
                database: try VaultDatabase(file: VaultDatabase.databaseFile(in: folder), logbook: SilentLogbook()), cost: T.cheap)
            #expect(try await commandLine.openKey(passphrase: T.passphrase, at: T.moment) == key)
            // The owner's success left the unknown clients' delay running.
            await expectFizzle(.tryAgainLater(seconds: 1)) {
                try await worker.openKey(passphrase: T.passphrase, at: T.moment, by: .unknownClient)
            }
            // Unknown clients also wait out the owner's delay.
            let later = T.moment.addingTimeInterval(10)
            for _ in 0..<4 {
                await expectFizzle(.wrongPassphrase) { try await commandLine.openKey(passphrase: "typo", at: later) }
            }
            await expectFizzle(.tryAgainLater(seconds: 1)) {
                try await worker.openKey(passphrase: T.passphrase, at: later.addingTimeInterval(0.5), by: .unknownClient)
            }
            #expect(try await worker.openKey(passphrase: T.passphrase, at: later.addingTimeInterval(1.5), by: .unknownClient) == key)
        }
    }
}
