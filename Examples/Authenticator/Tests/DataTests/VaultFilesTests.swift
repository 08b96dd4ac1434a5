import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel
import KeelTesting
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The vault's folder and files on disk: private to their owner, a damaged
/// record of migrations set aside, a newer version's vault left alone.
@Suite("Vault files", .timeLimit(.minutes(5)))
struct VaultFilesTests {
    typealias T = VaultTesting

    /// The permission bits of `path`.
    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// The names of the vault's own files in `folder` (not the lock files), with their bytes.
    static func vaultBytes(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in T.names(in: folder) where name.hasPrefix("vault.sqlite") && !name.hasSuffix("-lock") {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    @Test("A new data folder is its owner's only (0700), and every file in it is 0600, whatever the umask")
    func newFolderIsPrivate() async throws {
        try await T.inFolder { parent in
            // The usual umask, which leaves new files readable by everyone.
            let previous = umask(0o022)
            defer { umask(previous) }
            let folder = parent.appendingPathComponent("share/authenticator", isDirectory: true)
            let database = try VaultDatabase(file: VaultDatabase.databaseFile(in: folder), logbook: SilentLogbook())
            let key = try await VaultKeyWorker(database: database, cost: T.cheap).createKey(passphrase: T.passphrase)
            _ = try await VaultWorker(database: database).add(T.accounts, key: key)
            #expect(try Self.mode(folder.path) == 0o700)
            let names = T.names(in: folder)
            #expect(Set(names).isSuperset(of: [
                "vault.sqlite", "vault.sqlite-wal", "vault.sqlite-shm", "vault.sqlite.setup-lock", "vault.sqlite.unlock-lock",
            ]))
            for name in names {
                #expect(try Self.mode(folder.appendingPathComponent(name).path) == 0o600, "\(name)")
            }
            #expect(database.notices.isEmpty, "nothing to tell about a folder made now")
        }
    }

    @Test("A folder and files others could read are tightened, and a notice names the folder")
    func wideFolderTightened() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            try await VaultDatabaseTests.makeClosedVault(at: file)
            // As an earlier version left them.
            #expect(chmod(folder.path, 0o755) == 0)
            for name in T.names(in: folder) { #expect(chmod(folder.appendingPathComponent(name).path, 0o644) == 0) }
            let database = try VaultDatabase(file: file, logbook: SilentLogbook())
            #expect(database.notices == [.folderTightened(path: folder.path)])
            #expect(VaultNotice.folderTightened(path: folder.path).message.description.contains(folder.path))
            #expect(try Self.mode(folder.path) == 0o700)
            for name in T.names(in: folder) {
                #expect(try Self.mode(folder.appendingPathComponent(name).path) == 0o600, "\(name)")
            }
            // The vault is as it was, and the next opening has nothing to tell.
            let key = try await VaultKeyWorker(database: database, cost: T.cheap).openKey(passphrase: T.passphrase, at: T.moment)
            #expect(try await VaultWorker(database: database).accounts(key: key).count == 6)
            #expect(try VaultDatabase(file: file, logbook: SilentLogbook()).notices.isEmpty)
        }
    }

    @Test("A shared folder (sticky, as /tmp) is never changed; the vault's own files still are private")
    func sharedFolderLeftAlone() async throws {
        try await T.inFolder { parent in
            let shared = parent.appendingPathComponent("shared", isDirectory: true)
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
            #expect(chmod(shared.path, 0o1777) == 0)
            let database = try VaultDatabase(file: VaultDatabase.databaseFile(in: shared), logbook: SilentLogbook())
            #expect(try Self.mode(shared.path) == 0o1777)
            #expect(try Self.mode(VaultDatabase.databaseFile(in: shared).path) == 0o600)
            #expect(database.notices.isEmpty)
        }
    }

    @Test(
        "A vault whose record of migrations is damaged is set aside as it was, not changed in place",
        arguments: [
            "DROP TABLE grdb_migrations",
            "DELETE FROM grdb_migrations",
            "DELETE FROM grdb_migrations WHERE identifier = 'v1'",
            "DELETE FROM grdb_migrations WHERE identifier = 'v3'",
            "DELETE FROM grdb_migrations WHERE identifier = 'v4'; INSERT INTO grdb_migrations VALUES ('v2-bis')",
            "DROP TABLE grdb_migrations; CREATE TABLE grdb_migrations (name TEXT NOT NULL PRIMARY KEY)",
            "ALTER TABLE grdb_migrations ADD COLUMN applied TEXT",
            "ALTER TABLE account ADD COLUMN extra TEXT",
            "DROP TABLE setting",
        ])
    func damagedRecordSetAside(damage: String) async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            try await VaultDatabaseTests.makeClosedVault(at: file)
            try VaultFileBytes.execute(damage, in: file)
            let damaged = try Data(contentsOf: file)
            let logbook = MemoryLogbook()
            let database = try VaultDatabase(file: file, logbook: logbook)
            let name = try #require(database.setAsideFileName, "set aside")
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == damaged, "byte for byte")
            #expect(database.notices.contains(.damagedFileSetAside(path: folder.appendingPathComponent(name).path)))
            #expect(logbook.entries.first?.context == "Checking the vault database vault.sqlite")
            // The new vault is whole and empty.
            let keys = VaultKeyWorker(database: database, cost: T.cheap)
            #expect(try await keys.keyExists() == false)
            let key = try await keys.createKey(passphrase: T.passphrase)
            _ = try await VaultWorker(database: database).add([T.accounts[0]], key: key)
        }
    }

    @Test("A vault a newer version wrote is not opened, and stays byte for byte as it was")
    func newerVaultRefused() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            try await VaultDatabaseTests.makeClosedVault(at: file)
            try VaultFileBytes.execute(
                """
                CREATE TABLE future (id INTEGER PRIMARY KEY, note TEXT NOT NULL);
                INSERT INTO grdb_migrations VALUES ('v5');
                INSERT INTO grdb_migrations VALUES ('v10');
                """, in: file)
            let before = try Self.vaultBytes(in: folder)
            let logbook = MemoryLogbook()
            #expect(throws: VaultFizzle.newerVault) { try VaultDatabase(file: file, logbook: logbook) }
            let after = try Self.vaultBytes(in: folder)
            #expect(after["vault.sqlite"] == before["vault.sqlite"])
            // Reading a WAL database makes its shared-memory index and an empty log: no content.
            #expect(after["vault.sqlite-wal", default: Data()] == before["vault.sqlite-wal", default: Data()])
            #expect(!T.names(in: folder).contains { $0.contains("damaged") })
            #expect(logbook.entries.first?.error.contains("v10, v5") == true)
        }
    }

    @Test("A newer version's vault is refused whatever it named its migrations, and stays as it was", arguments: ["v4.1", "v2-bis", "2027-add-icons"])
    func newerVaultAnyName(name: String) async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            try await VaultDatabaseTests.makeClosedVault(at: file)
            try VaultFileBytes.execute("INSERT INTO grdb_migrations VALUES ('\(name)')", in: file)
            let before = try Data(contentsOf: file)
            #expect(throws: VaultFizzle.newerVault) { try VaultDatabase(file: file, logbook: SilentLogbook()) }
            #expect(try Data(contentsOf: file) == before)
            #expect(!T.names(in: folder).contains { $0.contains("damaged") })
        }
    }

    @Test("A newer version's vault with gaps in what this version knows is damage, not a newer vault")
    func newerWithGapsIsDamage() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            try await VaultDatabaseTests.makeClosedVault(at: file)
            try VaultFileBytes.execute("DELETE FROM grdb_migrations WHERE identifier = 'v2'; INSERT INTO grdb_migrations VALUES ('v5')", in: file)
            #expect(try VaultDatabase(file: file, logbook: SilentLogbook()).setAsideFileName != nil)
        }
    }

    @Test("A file left with an empty record and no table (a first start killed early) opens as a new vault")
    func emptyRecordIsNew() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            try VaultFileBytes.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)", in: file)
            let database = try VaultDatabase(file: file, logbook: SilentLogbook())
            #expect(database.setAsideFileName == nil)
            #expect(try await VaultKeyWorker(database: database, cost: T.cheap).keyExists() == false)
        }
    }
}
