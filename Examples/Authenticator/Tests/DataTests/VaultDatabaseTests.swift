@testable import AuthenticatorData
import AuthenticatorDomain
import Foundation
import GRDB
import Keel
import KeelTesting
import Testing

@Suite("Vault database", .timeLimit(.minutes(5)))
struct VaultDatabaseTests {
    typealias T = VaultTesting

    @Test("The vault's file is vault.sqlite in the data directory")
    func fileName() {
        let folder = URL(fileURLWithPath: "/data/authenticator", isDirectory: true)
        #expect(VaultDatabase.databaseFile(in: folder).path == "/data/authenticator/vault.sqlite")
    }

    /// Issue 25: cancelling is not a fault, but a read cancelled with its
    /// task was recorded as a developer error ("…: CancellationError()") and
    /// told the person to "check the free space".
    @Test("A cancelled read or write is no developer error: nothing is recorded, and it says it was cancelled")
    func cancelled() async throws {
        let logbook = MemoryLogbook()
        let database = try VaultDatabase(inMemoryNamed: nil, logbook: logbook)
        let key = try await VaultKeyWorker(database: database, cost: T.cheap).createKey(passphrase: T.passphrase)
        let vault = VaultWorker(database: database)
        _ = try await vault.add([T.accounts[0]], key: key)
        let outcome = Task { () -> (read: VaultFizzle?, write: VaultFizzle?) in
            withUnsafeCurrentTask { $0?.cancel() }
            var read: VaultFizzle?
            var write: VaultFizzle?
            do throws(VaultFizzle) { _ = try await vault.accounts(key: key) } catch { read = error }
            do throws(VaultFizzle) { _ = try await vault.add([T.accounts[1]], key: key) } catch { write = error }
            return (read, write)
        }
        let (read, write) = await outcome.value
        #expect(read == .cancelled)
        #expect(write == .cancelled)
        #expect(logbook.entries.isEmpty, "\(logbook.entries)")
        #expect(try await vault.accounts(key: key).map(\.account) == [T.accounts[0]], "the cancelled write changed nothing")
    }

    @Test("Two databases on one file both write, and each reads the other's writes")
    func twoHandles() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let first = try VaultDatabase(file: file, logbook: SilentLogbook())
            let second = try VaultDatabase(file: file, logbook: SilentLogbook())
            let key = try await VaultKeyWorker(database: first, cost: T.cheap).createKey(passphrase: T.passphrase)
            await expectFizzle(.vaultExists) {
                try await VaultKeyWorker(database: second, cost: T.cheap).createKey(passphrase: T.passphrase)
            }
            let one = VaultWorker(database: first)
            let two = VaultWorker(database: second)
            // Writes from both at once: each waits for the other's lock instead of failing.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, vault) in [one, two, one, two, one, two].enumerated() {
                    group.addTask {
                        var account = T.accounts[index % T.accounts.count]
                        account.name += " \(index)"
                        _ = try await vault.add([account], key: key)
                        try await vault.save(VaultSettings(timeOffset: index))
                    }
                }
                try await group.waitForAll()
            }
            let seenByOne = try await one.accounts(key: key)
            #expect(seenByOne.count == 6)
            #expect(Set(seenByOne.map(\.position)) == Set(0..<6))
            #expect(try await two.accounts(key: key) == seenByOne)
            #expect(try await one.settings() == (try await two.settings()))
        }
    }

    @Test("Databases opening a new file at the same time set it up once, without failing")
    func concurrentSetUp() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let logbook = MemoryLogbook()
            let opened = try await withThrowingTaskGroup(of: VaultDatabase.self) { group in
                for _ in 0..<4 {
                    group.addTask { try VaultDatabase(file: file, logbook: logbook) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(opened.count == 4)
            #expect(logbook.entries.isEmpty)
            let key = try await VaultKeyWorker(database: opened[0], cost: T.cheap).createKey(passphrase: T.passphrase)
            for (index, database) in opened.enumerated() {
                #expect(try await VaultKeyWorker(database: database, cost: T.cheap).keyExists())
                var account = T.accounts[0]
                account.name += " \(index)"
                _ = try await VaultWorker(database: database).add([account], key: key)
            }
            #expect(try await VaultWorker(database: opened[3]).accounts(key: key).count == 4)
        }
    }

    @Test("A file that is not a database is set aside, byte for byte, and a new vault starts")
    func garbageSetAside() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let garbage = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
            try garbage.write(to: file)
            let logbook = MemoryLogbook()
            let database = try VaultDatabase(file: file, logbook: logbook)
            let name = try #require(database.setAsideFileName)
            #expect(name.hasPrefix("vault.sqlite.damaged-"))
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == garbage)
            // Where it went, in full, and that the vault that opened is empty.
            let path = folder.appendingPathComponent(name).path
            #expect(database.notices.contains(.damagedFileSetAside(path: path)))
            #expect(VaultNotice.damagedFileSetAside(path: path).message.description.contains(path))
            #expect(VaultNotice.damagedFileSetAside(path: path).message.description.contains("new, empty one"))
            // The new vault works.
            let keys = VaultKeyWorker(database: database, cost: T.cheap)
            #expect(try await keys.keyExists() == false)
            let key = try await keys.createKey(passphrase: T.passphrase)
            _ = try await VaultWorker(database: database).add(T.accounts, key: key)
            #expect(try await VaultWorker(database: database).accounts(key: key).map(\.account) == T.accounts)
            #expect(logbook.entries.map(\.context)
                == ["Checking the vault database vault.sqlite", "Recovering the vault database"])
            #expect(logbook.entries[1].error.contains(name))
            // Opening again finds a sound file: nothing more is set aside.
            #expect(try VaultDatabase(file: file, logbook: logbook).setAsideFileName == nil)
        }
    }

    @Test("A damaged database fails its quick check and is set aside; a second one gets another name")
    func corruptSetAside() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            var names: [String] = []
            for _ in 0..<2 {
                try await Self.makeClosedVault(at: file)
                var bytes = try Data(contentsOf: file)
                let pageSize = 4_096
                #expect(bytes.count >= 3 * pageSize)
                // Pages 2 on: their b-tree headers become nonsense; the file header stays sound.
                for page in 1..<(bytes.count / pageSize) {
                    bytes.replaceSubrange(page * pageSize..<page * pageSize + 12, with: repeatElement(0xEE, count: 12))
                }
                try bytes.write(to: file)
                let database = try VaultDatabase(file: file, logbook: SilentLogbook())
                let name = try #require(database.setAsideFileName)
                #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == bytes)
                #expect(try await VaultKeyWorker(database: database, cost: T.cheap).keyExists() == false)
                names.append(name)
            }
            #expect(names[1] != names[0])
        }
    }

    /// Creates a vault with accounts in `file` and closes it (the WAL folded back).
    static func makeClosedVault(at file: URL) async throws {
        try? FileManager.default.removeItem(at: file)
        let database = try VaultDatabase(file: file, logbook: SilentLogbook())
        let key = try await VaultKeyWorker(database: database, cost: T.cheap).createKey(passphrase: T.passphrase)
        let copies = T.accounts.map { account in
            var copy = account
            copy.name += " (copy)"
            return copy
        }
        _ = try await VaultWorker(database: database).add(T.accounts + copies, key: key)
    }

    @Test("A place where no file can be opened is said to be one (not a full disk), and the logbook says why")
    func unopenable() async throws {
        try await T.inFolder { folder in
            // A file where the data directory should be.
            let notAFolder = folder.appendingPathComponent("data")
            try Data("x".utf8).write(to: notAFolder)
            let logbook = MemoryLogbook()
            #expect(throws: VaultFizzle.unusableFile) {
                try VaultDatabase(file: VaultDatabase.databaseFile(in: notAFolder), logbook: logbook)
            }
            #expect(logbook.entries.map(\.context) == ["Opening the vault database vault.sqlite"])
        }
    }

    @Test("In-memory databases of one name share a vault; unnamed ones do not")
    func inMemory() async throws {
        let first = try VaultDatabase(inMemoryNamed: "vault-tests-shared", logbook: SilentLogbook())
        let second = try VaultDatabase(inMemoryNamed: "vault-tests-shared", logbook: SilentLogbook())
        let key = try await VaultKeyWorker(database: first, cost: T.cheap).createKey(passphrase: T.passphrase)
        #expect(try await VaultKeyWorker(database: second, cost: T.cheap).openKey(passphrase: T.passphrase, at: T.moment) == key)
        #expect(try await VaultKeyWorker(database: try VaultDatabase(logbook: SilentLogbook())).keyExists() == false)
        #expect(first.setAsideFileName == nil)
        #expect(String(describing: first) == "VaultDatabase(memory)")
    }

    @Test("A database's description names the file, never a path or content")
    func description() async throws {
        try await T.inFolder { folder in
            let database = try VaultDatabase(file: VaultDatabase.databaseFile(in: folder), logbook: SilentLogbook())
            #expect(String(describing: database) == "VaultDatabase(vault.sqlite)")
        }
    }
}

