import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel
import KeelTesting
import Testing

@Suite("Vault worker", .timeLimit(.minutes(5)))
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

    @Test("Updating saves what a person edits; the secret, parameters, position and last use stay as the vault has them")
    func update() async throws {
        let (_, vault, key) = try await T.makeVault()
        let saved = try await vault.add(T.accounts, key: key)
        var edited = saved[1]
        edited.account.issuer = "Renamed"
        edited.account.name = "new name"
        edited.account.note = "changed"
        edited.tags = ["Other"]
        edited.isFavourite = true
        // Fields an edit never changes: what the copy holds of them is ignored.
        edited.account.secret = Secret(bytes: [1, 2, 3, 4, 5])
        edited.account.parameters = T.parameters(kind: .hotp, counter: 0)
        edited.lastUsed = Date(timeIntervalSince1970: 1_750_000_000.25)
        edited.position = 10
        try await vault.update(edited, key: key)
        var expected = saved[1]
        expected.account.issuer = "Renamed"
        expected.account.name = "new name"
        expected.account.note = "changed"
        expected.tags = ["Other"]
        expected.isFavourite = true
        #expect(try await vault.accounts(key: key) == [saved[0], expected, saved[2]])
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
        var other = T.accounts[0]
        other.name = "other"
        let added = try await vault.add([other], key: key)
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

/// Recording a use, and the automatic backups' settings.
@Suite("Vault worker: uses and backup settings", .timeLimit(.minutes(5)))
struct VaultWorkerUseTests {
    typealias T = VaultTesting

    @Test("A use records its moment; a counter-based account's counter moves on, wrapping as a UInt64 does")
    func markUsed() async throws {
        let (_, vault, key) = try await T.makeVault()
        let edge = Account(issuer: "Edge", name: "e", secret: T.secrets[0], parameters: T.parameters(kind: .hotp, counter: UInt64(Int64.max)))
        let saved = try await vault.add(T.accounts + [edge], key: key)
        // Time-based: the last use only.
        let totp = try await vault.markUsed(saved[0].id, at: T.moment, key: key)
        #expect(totp.account == T.accounts[0])
        // Counter-based, at the top of UInt64 and across Int64's sign.
        var counters: [UInt64] = []
        for _ in 0..<3 { counters.append(try await vault.markUsed(saved[1].id, at: T.moment, key: key).account.parameters.counter) }
        #expect(counters == [UInt64.max - 1, UInt64.max, 0])
        for _ in 0..<2 { _ = try await vault.markUsed(saved[3].id, at: T.moment, key: key) }
        let now = try await vault.accounts(key: key)
        #expect(now[0].lastUsed == T.moment && now[0].account.parameters == T.accounts[0].parameters)
        #expect(now[1].account.parameters.counter == 1)
        #expect(now[2].lastUsed == nil)
        #expect(now[3].account.parameters.counter == UInt64(Int64.max) + 2)
        await expectFizzle(.accountNotFound) { try await vault.markUsed(AccountID(999), at: T.moment, key: key) }
        await expectFizzle(.wrongPassphrase) {
            try await vault.markUsed(saved[0].id, at: T.moment, key: DataKey(bytes: Array(repeating: 1, count: 32)))
        }
    }

    @Test("Backup settings: off by default; saved with a sealed password, which nil keeps; wrong ones refused")
    func backupSettings() async throws {
        let (_, vault, key) = try await T.makeVault()
        #expect(try await vault.backupSettings() == (BackupSettings(), false))
        #expect(try await vault.backupPassword(key: key) == nil)
        let on = BackupSettings(folder: "/srv/backups", kept: 4)
        try await vault.saveBackupSettings(on, password: "backup password", key: key)
        #expect(try await vault.backupSettings() == (on, true))
        #expect(try await vault.backupPassword(key: key) == "backup password")
        let fewer = BackupSettings(folder: "/srv/backups", kept: 2)
        try await vault.saveBackupSettings(fewer, password: nil, key: key)
        #expect(try await vault.backupSettings() == (fewer, true))
        #expect(try await vault.backupPassword(key: key) == "backup password")
        await expectFizzle(.backup(.folderNotAbsolute)) {
            try await vault.saveBackupSettings(BackupSettings(folder: "backups"), password: nil, key: key)
        }
        await expectFizzle(.backup(.keptOutOfRange)) {
            try await vault.saveBackupSettings(BackupSettings(folder: "/b", kept: 0), password: nil, key: key)
        }
        let wrongKey = DataKey(bytes: Array(repeating: 1, count: 32))
        await expectFizzle(.wrongPassphrase) { try await vault.backupPassword(key: wrongKey) }
        await expectFizzle(.wrongPassphrase) { try await vault.saveBackupSettings(on, password: "other password", key: wrongKey) }
        #expect(try await vault.backupSettings() == (fewer, true))
    }
}
