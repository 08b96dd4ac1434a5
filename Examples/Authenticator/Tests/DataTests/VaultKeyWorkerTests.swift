import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel
import KeelTesting
import Testing

@Suite("Vault key worker", .timeLimit(.minutes(5)))
struct VaultKeyWorkerTests {
    typealias T = VaultTesting

    @Test("A new key is 32 random bytes, and the passphrase opens it again")
    func createAndOpen() async throws {
        let database = try VaultDatabase(logbook: SilentLogbook())
        let worker = VaultKeyWorker(database: database, cost: T.cheap)
        #expect(try await worker.keyExists() == false)
        let key = try await worker.createKey(passphrase: T.passphrase)
        #expect(key.bytes.count == 32)
        #expect(try await worker.keyExists())
        #expect(try await worker.openKey(passphrase: T.passphrase, at: T.moment) == key)
        let other = try await VaultKeyWorker(database: try VaultDatabase(logbook: SilentLogbook()), cost: T.cheap)
            .createKey(passphrase: T.passphrase)
        #expect(other != key)
    }

    @Test("A passphrase in another Unicode normalization opens the same vault")
    func normalization() async throws {
        let worker = VaultKeyWorker(database: try VaultDatabase(logbook: SilentLogbook()), cost: T.cheap)
        let key = try await worker.createKey(passphrase: "pass\u{E9}phrase")  // é as one code point
        #expect(try await worker.openKey(passphrase: "passe\u{301}phrase", at: T.moment) == key)
    }

    @Test("Creating refuses a second key and a short passphrase, before any work")
    func createRefusals() async throws {
        let worker = VaultKeyWorker(database: try VaultDatabase(logbook: SilentLogbook()), cost: T.cheap)
        await expectFizzle(.passphraseTooShort(minimum: Passphrase.minimumLength)) {
            try await worker.createKey(passphrase: "short")
        }
        #expect(try await worker.keyExists() == false)
        let key = try await worker.createKey(passphrase: T.passphrase)
        await expectFizzle(.vaultExists) { try await worker.createKey(passphrase: T.otherPassphrase) }
        #expect(try await worker.openKey(passphrase: T.passphrase, at: T.moment) == key)
    }

    @Test("Without a vault, opening and changing say there is none")
    func noVault() async throws {
        let worker = VaultKeyWorker(database: try VaultDatabase(logbook: SilentLogbook()), cost: T.cheap)
        await expectFizzle(.noVault) { try await worker.openKey(passphrase: T.passphrase, at: T.moment) }
        await expectFizzle(.noVault) {
            try await worker.changePassphrase(from: T.passphrase, to: T.otherPassphrase, at: T.moment)
        }
    }

    @Test("Wrong passphrases slow down the next tries, counted in the file, and a success resets the count")
    func throttling() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            // Every try opens the file anew, as the command line does once per run.
            func worker() throws -> VaultKeyWorker {
                VaultKeyWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()), cost: T.cheap)
            }
            let key = try await worker().createKey(passphrase: T.passphrase)
            let start = T.moment
            for failure in 0..<4 {
                await expectFizzle(.wrongPassphrase) {
                    try await worker().openKey(passphrase: "wrong passphrase", at: start.addingTimeInterval(Double(failure)))
                }
            }
            // Four failures, the last at start + 3: one second to wait, even for the right passphrase.
            let last = start.addingTimeInterval(3)
            await expectFizzle(.tryAgainLater(seconds: 1)) {
                try await worker().openKey(passphrase: T.passphrase, at: last.addingTimeInterval(0.25))
            }
            // Refused tries are not failures: the delay did not grow.
            await expectFizzle(.wrongPassphrase) {
                try await worker().openKey(passphrase: "wrong again", at: last.addingTimeInterval(1))
            }
            // Five failures: two seconds from the last one, rounded up.
            let fifth = last.addingTimeInterval(1)
            await expectFizzle(.tryAgainLater(seconds: 2)) {
                try await worker().openKey(passphrase: T.passphrase, at: fifth.addingTimeInterval(0.5))
            }
            await expectFizzle(.tryAgainLater(seconds: 1)) {
                try await worker().openKey(passphrase: T.passphrase, at: fifth.addingTimeInterval(1.5))
            }
            // A clock set back never makes the wait longer than the delay.
            await expectFizzle(.tryAgainLater(seconds: 2)) {
                try await worker().openKey(passphrase: T.passphrase, at: start.addingTimeInterval(-3_600))
            }
            #expect(try await worker().openKey(passphrase: T.passphrase, at: fifth.addingTimeInterval(2)) == key)
            // Reset: three more failures cost no delay.
            for failure in 0..<3 {
                await expectFizzle(.wrongPassphrase) {
                    try await worker().openKey(passphrase: "wrong", at: fifth.addingTimeInterval(3 + Double(failure)))
                }
            }
            #expect(try await worker().openKey(passphrase: T.passphrase, at: fifth.addingTimeInterval(6)) == key)
        }
    }

    @Test("Changing the passphrase rewraps the key with a new salt and leaves the sealed secrets as they were")
    func changePassphrase() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let database = try VaultDatabase(file: file, logbook: SilentLogbook())
            let keys = VaultKeyWorker(database: database, cost: T.cheap)
            let key = try await keys.createKey(passphrase: T.passphrase)
            _ = try await VaultWorker(database: database).add(T.accounts, key: key)
            let before = try VaultFileBytes.rows(of: file)

            try await keys.changePassphrase(from: T.passphrase, to: T.otherPassphrase, at: T.moment)

            let after = try VaultFileBytes.rows(of: file)
            #expect(after.sealedSecrets == before.sealedSecrets)
            #expect(after.keyCheck == before.keyCheck)
            #expect(after.salt != before.salt && after.wrappedKey != before.wrappedKey)
            await expectFizzle(.wrongPassphrase) { try await keys.openKey(passphrase: T.passphrase, at: T.moment) }
            #expect(try await keys.openKey(passphrase: T.otherPassphrase, at: T.moment) == key)
            #expect(try await VaultWorker(database: database).accounts(key: key).map(\.account) == T.accounts)
        }
    }

    @Test("Changing the passphrase refuses a short new one and a wrong old one, which counts as a failure")
    func changeRefusals() async throws {
        let (keys, _, key) = try await T.makeVault()
        await expectFizzle(.passphraseTooShort(minimum: Passphrase.minimumLength)) {
            try await keys.changePassphrase(from: T.passphrase, to: "1234567", at: T.moment)
        }
        for _ in 0..<4 {
            await expectFizzle(.wrongPassphrase) {
                try await keys.changePassphrase(from: "not the passphrase", to: T.otherPassphrase, at: T.moment)
            }
        }
        await expectFizzle(.tryAgainLater(seconds: 1)) {
            try await keys.changePassphrase(from: T.passphrase, to: T.otherPassphrase, at: T.moment)
        }
        #expect(try await keys.openKey(passphrase: T.passphrase, at: T.moment.addingTimeInterval(1)) == key)
    }

    @Test("Tries sent at once are counted one after another: past the free ones, one runs and the rest wait")
    func simultaneousTries() async throws {
        let worker = VaultKeyWorker(database: try VaultDatabase(logbook: SilentLogbook()), cost: T.cheap)
        let key = try await worker.createKey(passphrase: T.passphrase)
        for _ in 0..<3 {
            await expectFizzle(.wrongPassphrase) { try await worker.openKey(passphrase: "wrong", at: T.moment) }
        }
        // The fourth failure starts the delay: only one of eight tries at once gets to run scrypt.
        let outcomes = await withTaskGroup(of: VaultFizzle?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    do throws(VaultFizzle) {
                        _ = try await worker.openKey(passphrase: "guess", at: T.moment)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return await group.reduce(into: [VaultFizzle?]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .wrongPassphrase }.count == 1)
        #expect(outcomes.filter { $0 == .tryAgainLater(seconds: 1) }.count == 7)
        #expect(try await worker.openKey(passphrase: T.passphrase, at: T.moment.addingTimeInterval(1)) == key)
    }

    @Test("A stored cost out of range is damage, not a reason to run scrypt for ever")
    func unacceptableCost() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let logbook = MemoryLogbook()
            let keys = VaultKeyWorker(database: try VaultDatabase(file: file, logbook: logbook), cost: T.cheap)
            _ = try await keys.createKey(passphrase: T.passphrase)
            try VaultFileBytes.execute("UPDATE vaultKey SET scryptN = 1073741824", in: file)
            await expectFizzle(.damagedFile) { try await keys.openKey(passphrase: T.passphrase, at: T.moment) }
            #expect(logbook.entries.map(\.context) == ["Unwrapping the vault key"])
            #expect(logbook.entries.first?.error.contains("N=1073741824") == true)
        }
    }

    @Test("Descriptions name the database and the cost, nothing else")
    func descriptions() throws {
        let database = try VaultDatabase(logbook: SilentLogbook())
        #expect(String(describing: VaultKeyWorker(database: database, cost: T.cheap))
            == "VaultKeyWorker(VaultDatabase(memory), scrypt N=1024 r=8 p=1)")
        #expect(String(describing: VaultWorker(database: database)) == "VaultWorker(VaultDatabase(memory))")
        #expect(ScryptCost.standard == ScryptCost(n: 32_768, r: 8, p: 1))
    }
}
