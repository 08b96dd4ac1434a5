@testable import AuthenticatorData
import AuthenticatorDomain
import Foundation
import GRDB
import Keel
import KeelTesting
import Testing

/// Two databases on one vault file, as two processes (a server and the
/// command line) have: what one does, the other never undoes or repeats.
@Suite("One vault file, two databases", .timeLimit(.minutes(5)))
struct VaultSharedFileTests {
    typealias T = VaultTesting

    @Test("A counter is advanced from the vault, not from a copy: two databases hand out every counter once")
    func counterAdvancedOnce() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let one = VaultWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()))
            let two = VaultWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()))
            let key = try await VaultKeyWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()), cost: T.cheap)
                .createKey(passphrase: T.passphrase)
            let hotp = Account(issuer: "HOTP", name: "ada", secret: T.secrets[0], parameters: T.parameters(kind: .hotp))
            let saved = try await one.add([hotp], key: key)[0]
            var counters: [UInt64] = []
            for round in 0..<3 {
                let moment = T.moment.addingTimeInterval(Double(round))
                counters.append(try await two.markUsed(saved.id, at: moment, key: key).account.parameters.counter)
                counters.append(try await one.markUsed(saved.id, at: moment, key: key).account.parameters.counter)
            }
            #expect(counters == [0, 1, 2, 3, 4, 5])
            // An edit made from a copy read before those uses does not take the counter (or the last use) back.
            var stale = saved
            stale.account.name = "renamed"
            try await one.update(stale, key: key)
            let now = try #require(try await two.accounts(key: key).first)
            #expect(now.account.parameters.counter == 6)
            #expect(now.account.name == "renamed")
            #expect(now.lastUsed == T.moment.addingTimeInterval(2))
        }
    }

    @Test("Uses at once from two databases each get a counter of their own")
    func simultaneousUses() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let workers = try (0..<2).map { _ in VaultWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook())) }
            let key = try await VaultKeyWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()), cost: T.cheap)
                .createKey(passphrase: T.passphrase)
            let hotp = Account(issuer: "HOTP", name: "ada", secret: T.secrets[0], parameters: T.parameters(kind: .hotp))
            let id = try await workers[0].add([hotp], key: key)[0].id
            let counters = try await withThrowingTaskGroup(of: UInt64.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await workers[index % 2].markUsed(id, at: T.moment, key: key).account.parameters.counter
                    }
                }
                return try await group.reduce(into: [UInt64]()) { $0.append($1) }
            }
            #expect(counters.sorted() == Array(0..<20))
            #expect(try await workers[1].accounts(key: key)[0].account.parameters.counter == 20)
        }
    }

    @Test("One account added at the same moment from two databases: one adds it, the other is told it is already there")
    func simultaneousAdds() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let workers = try (0..<2).map { _ in VaultWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook())) }
            let key = try await VaultKeyWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()), cost: T.cheap)
                .createKey(passphrase: T.passphrase)
            let account = T.accounts[0]
            for round in 0..<5 {
                var candidate = account
                candidate.name = "ada \(round)"
                let renamed = candidate
                let outcomes = await withTaskGroup(of: Result<[SavedAccount], VaultFizzle>.self) { group in
                    for worker in workers {
                        group.addTask {
                            do throws(VaultFizzle) { return .success(try await worker.add([renamed], key: key)) } catch { return .failure(error) }
                        }
                    }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                #expect(outcomes.count { if case .success = $0 { true } else { false } } == 1)
                #expect(outcomes.count { $0 == .failure(.duplicate(label: renamed.label)) } == 1)
            }
            let saved = try await workers[1].accounts(key: key)
            #expect(saved.count == 5)
            #expect(Set(saved.map(\.account.name)).count == 5)
        }
    }

    @Test("Renaming an account into another of the vault is refused; the unique index holds keyed hashes, never a secret")
    func renameIntoDuplicate() async throws {
        let database = try VaultDatabase(logbook: SilentLogbook())
        let key = try await VaultKeyWorker(database: database, cost: T.cheap).createKey(passphrase: T.passphrase)
        let vault = VaultWorker(database: database)
        var other = T.accounts[0]
        other.name = "bob@example.com"
        let saved = try await vault.add([T.accounts[0], other], key: key)
        var renamed = saved[1]
        renamed.account.name = T.accounts[0].name
        await expectFizzle(.duplicate(label: renamed.account.label)) { try await vault.update(renamed, key: key) }
        renamed.account.name = "carol@example.com"
        try await vault.update(renamed, key: key)
        await expectFizzle(.duplicate(label: T.accounts[0].label)) { try await vault.add([T.accounts[0]], key: key) }
        #expect(try await vault.accounts(key: key).map(\.account.name) == [T.accounts[0].name, "carol@example.com"])
        let tags = try await database.writer.read { db in try Data.fetchAll(db, sql: "SELECT identityTag FROM account") }
        #expect(tags.count == 2 && Set(tags).count == 2 && tags.allSatisfy { $0.count == 32 })
        #expect(!tags.contains { $0.range(of: Data(T.accounts[0].secret.bytes)) != nil })
    }

    @Test("A passphrase changed elsewhere after this change read the key is a conflict that says so, and saves nothing")
    func passphraseConflict() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let here = VaultKeyWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()), cost: T.cheap)
            let elsewhere = VaultKeyWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()), cost: T.cheap)
            _ = try await here.createKey(passphrase: T.passphrase)
            let read = try VaultFileBytes.rows(of: file).wrappedKey
            // Another process changes the passphrase between this change's read and its save.
            try await elsewhere.changePassphrase(from: T.passphrase, to: T.otherPassphrase, at: T.moment)
            let late = (wrappedKey: Data(repeating: 7, count: 60), salt: Data(repeating: 8, count: 32))
            await expectFizzle(.passphraseChangedElsewhere) { try await here.save(late, over: read) }
            #expect(try VaultFileBytes.rows(of: file).wrappedKey != late.wrappedKey)
            _ = try await here.openKey(passphrase: T.otherPassphrase, at: T.moment)
        }
    }

    @Test("A lock another process held past the wait is 'busy', said as such and not logged as a fault; other errors are")
    func busy() throws {
        let logbook = MemoryLogbook()
        let database = try VaultDatabase(logbook: logbook)
        #expect(database.fizzle(for: DatabaseError(resultCode: .SQLITE_BUSY), operation: "Writing") == .busy)
        #expect(logbook.entries.isEmpty)
        #expect(database.fizzle(for: DatabaseError(resultCode: .SQLITE_FULL), operation: "Writing") == .diskFull)
        #expect(logbook.entries.map(\.context) == ["Writing"])
        #expect(database.fizzle(for: VaultFizzle.locked, operation: "Writing") == .locked)
    }
}
