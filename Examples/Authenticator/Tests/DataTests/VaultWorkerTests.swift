import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel
import KeelTesting
import Testing

@Suite("Vault worker", .timeLimit(.minutes(1)))
struct VaultWorkerTests {
    typealias T = VaultTesting

    @Test("Added accounts come back whole, in the order added, after the others")
    func addAndRead() async throws {
        let (_, vault, key) = try await T.makeVault()
        #expect(try await vault.accounts(key: key).isEmpty)
        #expect(try await vault.add([], key: key).isEmpty)
        let first = try await vault.add(Array(T.accounts.prefix(2)), key: key)
        #expect(first.map(\.position) == [0, 1])
        #expect(first.map(\.account) == Array(T.accounts.prefix(2)))
        let second = try await vault.add([T.accounts[2]], key: key)
        #expect(second.map(\.position) == [2])
        #expect(second[0].id > first[1].id)
        let saved = try await vault.accounts(key: key)
        #expect(saved == first + second)
        #expect(saved.map(\.account) == T.accounts)
        #expect(saved[1].account.parameters.counter == UInt64.max - 1)
        #expect(saved.allSatisfy { !$0.isFavourite && $0.lastUsed == nil })
    }

    @Test("Updating saves every field over the account of the same identifier")
    func update() async throws {
        let (_, vault, key) = try await T.makeVault()
        var saved = try await vault.add(T.accounts, key: key)
        saved[0].account.issuer = "Renamed"
        saved[0].account.note = "changed"
        saved[0].tags = ["Other"]
        saved[0].account.secret = Secret(bytes: [1, 2, 3, 4, 5])
        saved[0].isFavourite = true
        saved[0].lastUsed = Date(timeIntervalSince1970: 1_750_000_000.25)
        saved[0].position = 10
        try await vault.update(saved[0], key: key)
        #expect(try await vault.accounts(key: key) == [saved[1], saved[2], saved[0]])
    }

    @Test("Updating, deleting and reordering an account that is not there say so and change nothing")
    func accountNotFound() async throws {
        let (_, vault, key) = try await T.makeVault()
        let saved = try await vault.add(T.accounts, key: key)
        let missing = SavedAccount(id: AccountID(999), account: T.accounts[0], position: 0)
        await expectFizzle(.accountNotFound) { try await vault.update(missing, key: key) }
        await expectFizzle(.accountNotFound) { try await vault.delete(AccountID(999)) }
        await expectFizzle(.accountNotFound) { try await vault.reorder([saved[2].id, AccountID(999), saved[0].id]) }
        #expect(try await vault.accounts(key: key) == saved)
    }

    @Test("Deleting removes one account; restoring brings it back with its identifier and position")
    func deleteAndRestore() async throws {
        let (_, vault, key) = try await T.makeVault()
        let saved = try await vault.add(T.accounts, key: key)
        try await vault.delete(saved[1].id)
        #expect(try await vault.accounts(key: key) == [saved[0], saved[2]])
        // A new account never takes the deleted one's identifier.
        let added = try await vault.add([T.accounts[0]], key: key)
        #expect(added[0].id > saved[2].id)
        try await vault.restore(saved[1], key: key)
        #expect(try await vault.accounts(key: key) == [saved[0], saved[1], saved[2], added[0]])
        // Restoring an account that is there saves over it.
        var renamed = saved[1]
        renamed.account.name = "again"
        try await vault.restore(renamed, key: key)
        #expect(try await vault.accounts(key: key) == [saved[0], renamed, saved[2], added[0]])
    }

    @Test("Reordering gives the listed accounts the positions of the list; ties go by identifier")
    func reorder() async throws {
        let (_, vault, key) = try await T.makeVault()
        let saved = try await vault.add(T.accounts, key: key)
        try await vault.reorder([saved[2].id, saved[0].id, saved[1].id])
        #expect(try await vault.accounts(key: key).map(\.id) == [saved[2].id, saved[0].id, saved[1].id])
        #expect(try await vault.accounts(key: key).map(\.position) == [0, 1, 2])
        // Only the first is listed: it takes position 0, which the third already has.
        try await vault.reorder([saved[1].id])
        #expect(try await vault.accounts(key: key).map(\.id) == [saved[1].id, saved[2].id, saved[0].id])
    }

    @Test("A wrong key reads nothing and seals nothing")
    func wrongKey() async throws {
        let (_, vault, key) = try await T.makeVault()
        let saved = try await vault.add(T.accounts, key: key)
        for wrong in [DataKey(bytes: Array(repeating: 7, count: 32)), DataKey(bytes: [1, 2, 3])] {
            await expectFizzle(.wrongPassphrase) { try await vault.accounts(key: wrong) }
            await expectFizzle(.wrongPassphrase) { try await vault.add(T.accounts, key: wrong) }
            await expectFizzle(.wrongPassphrase) { try await vault.update(saved[0], key: wrong) }
            await expectFizzle(.wrongPassphrase) { try await vault.restore(saved[0], key: wrong) }
        }
        #expect(try await vault.accounts(key: key) == saved)
    }

    @Test("Without a vault key, the accounts cannot be read or added")
    func noVault() async throws {
        let vault = VaultWorker(database: try VaultDatabase(logbook: SilentLogbook()))
        let key = DataKey(bytes: Array(repeating: 1, count: 32))
        await expectFizzle(.noVault) { try await vault.accounts(key: key) }
        await expectFizzle(.noVault) { try await vault.add(T.accounts, key: key) }
    }

    @Test("A damaged row fails the read as storage, naming its identifier only in the logbook")
    func damagedRow() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let logbook = MemoryLogbook()
            let database = try VaultDatabase(file: file, logbook: logbook)
            let key = try await VaultKeyWorker(database: database, cost: T.cheap).createKey(passphrase: T.passphrase)
            let vault = VaultWorker(database: database)
            let saved = try await vault.add(T.accounts, key: key)
            let id = saved[1].id.rawValue
            for damage in [
                "UPDATE account SET sealedSecret = x'00112233' WHERE id = \(id)",
                "UPDATE account SET kind = 'motp' WHERE id = \(id)",
                "UPDATE account SET digits = 12 WHERE id = \(id)",
                "UPDATE account SET tags = 'not json' WHERE id = \(id)",
            ] {
                try VaultFileBytes.execute("UPDATE account SET sealedSecret = (SELECT sealedSecret FROM account WHERE id = \(saved[0].id.rawValue)), kind = 'hotp', digits = 7, tags = '[]' WHERE id = \(id)", in: file)
                #expect(try await vault.accounts(key: key).count == 3)
                try VaultFileBytes.execute(damage, in: file)
                await expectFizzle(.storageFailed) { try await vault.accounts(key: key) }
            }
            #expect(logbook.entries.count == 4)
            for entry in logbook.entries {
                #expect(entry.context == "Reading the accounts")
                #expect(entry.error == "the account row \(id) is damaged")
            }
        }
    }

    @Test("Settings read as the defaults until saved, then as saved; out-of-range ones are refused")
    func settings() async throws {
        let (_, vault, _) = try await T.makeVault()
        #expect(try await vault.settings() == VaultSettings())
        let chosen = VaultSettings(timeOffset: -90, showsNextCode: true, autoLockMinutes: 0, sortOrder: .lastUsed)
        try await vault.save(chosen)
        #expect(try await vault.settings() == chosen)
        let other = VaultSettings(timeOffset: 86_400, sortOrder: .account)
        try await vault.save(other)
        #expect(try await vault.settings() == other)
        await expectFizzle(.invalidSetting(.timeOffset)) { try await vault.save(VaultSettings(timeOffset: 86_401)) }
        await expectFizzle(.invalidSetting(.autoLock)) { try await vault.save(VaultSettings(autoLockMinutes: -1)) }
        #expect(try await vault.settings() == other)
    }

    @Test("A sort order a newer version saved reads as the custom order")
    func unknownSortOrder() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let vault = VaultWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()))
            try await vault.save(VaultSettings(showsNextCode: true, sortOrder: .issuer))
            try VaultFileBytes.execute("UPDATE setting SET sortOrder = 'colour'", in: file)
            #expect(try await vault.settings() == VaultSettings(showsNextCode: true, sortOrder: .custom))
        }
    }

    @Test("Settings out of range in the file (edited by hand) read as the nearest ones in range")
    func settingsOutOfRange() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let vault = VaultWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()))
            try await vault.save(VaultSettings())
            try VaultFileBytes.execute(
                "UPDATE setting SET autoLockMinutes = 9223372036854775807, timeOffset = -9223372036854775808", in: file)
            let read = try await vault.settings()
            #expect(read.autoLockMinutes == VaultSettings.autoLockRange.upperBound)
            #expect(read.timeOffset == VaultSettings.timeOffsetRange.lowerBound)
            #expect(read.problem == nil)
        }
    }

    @Test("An unexpected storage error is logged by operation and reaches the caller as storageFailed")
    func storageFailure() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let logbook = MemoryLogbook()
            let database = try VaultDatabase(file: file, logbook: logbook)
            let key = try await VaultKeyWorker(database: database, cost: T.cheap).createKey(passphrase: T.passphrase)
            let vault = VaultWorker(database: database)
            try VaultFileBytes.execute("DROP TABLE setting; DROP TABLE account", in: file)
            await expectFizzle(.storageFailed) { try await vault.settings() }
            await expectFizzle(.storageFailed) { try await vault.save(VaultSettings()) }
            await expectFizzle(.storageFailed) { try await vault.add(T.accounts, key: key) }
            await expectFizzle(.storageFailed) { try await vault.delete(AccountID(1)) }
            #expect(logbook.entries.map(\.context)
                == ["Reading the settings", "Saving the settings", "Adding 3 accounts", "Deleting an account"])
        }
    }
}
