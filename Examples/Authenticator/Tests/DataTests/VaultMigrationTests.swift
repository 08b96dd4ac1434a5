@testable import AuthenticatorData
import AuthenticatorDomain
import Foundation
import GRDB
import Keel
import KeelTesting
import Testing

/// Opens a file of every schema version, made by Scripts/make-vault-fixtures.py
/// (Python's sqlite3, hashlib.scrypt and the `cryptography` package's AES-GCM:
/// an implementation of the format independent of ours), migrates it and reads
/// its accounts back.
@Suite("Vault migrations", .timeLimit(.minutes(5)))
struct VaultMigrationTests {
    typealias T = VaultTesting

    /// The script's passphrase ("fixture pässphrase"), typed decomposed: the
    /// script seals with the composed form, so this also checks normalization.
    static let passphrase = "fixture pa\u{308}ssphrase"

    static let rfcSHA1 = Secret(bytes: Array("12345678901234567890".utf8))
    static let rfcSHA256 = Secret(bytes: Array("12345678901234567890123456789012".utf8))
    static let rfcSHA512 = Secret(bytes: Array("1234567890123456789012345678901234567890123456789012345678901234".utf8))

    /// The script's accounts in the custom order (position, then identifier).
    static let expected: [(id: Int64, position: Int, account: Account)] = [
        (2, 0, Account(issuer: "Bank 은행", name: "김철수", secret: rfcSHA256,
                       parameters: T.parameters(algorithm: .sha256, digits: 8), groups: ["Work", "Money"])),
        (4, 0, Account(issuer: "Counter", name: "bob", secret: rfcSHA1,
                       parameters: T.parameters(kind: .hotp, counter: 1), note: "RFC 4226")),
        (3, 1, Account(issuer: "Big", name: "sha512", secret: rfcSHA512,
                       parameters: T.parameters(algorithm: .sha512, digits: 8))),
        (1, 2, Account(issuer: "Example", name: "alice@example.com", secret: rfcSHA1,
                       parameters: T.parameters(digits: 8), groups: ["Work"], note: "RFC 6238, SHA-1")),
        (5, 3, Account(issuer: "Huge counter", name: "carol", secret: Secret(bytes: Array(1...10)),
                       parameters: T.parameters(kind: .hotp, algorithm: .sha256, digits: 7, counter: 1 << 63 + 5))),
        (6, 4, Account(issuer: "Steam", name: "gaben", secret: Secret(bytes: Array(100..<120)),
                       parameters: .steam, groups: ["Games"])),
    ]

    /// Copies the fixture of `version` into `folder` as the vault's file.
    static func copyFixture(_ version: Int, into folder: URL) throws -> URL {
        let fixture = try #require(Bundle.module.url(
            forResource: "vault-v\(version)", withExtension: "sqlite", subdirectory: "Fixtures/Vault"))
        let file = VaultDatabase.databaseFile(in: folder)
        try FileManager.default.copyItem(at: fixture, to: file)
        return file
    }

    /// The schema as SQLite keeps it, GRDB's own tables aside.
    static func schema(of writer: some DatabaseReader) throws -> [String] {
        try writer.read { db in
            try String.fetchAll(db, sql: """
                SELECT type || ' ' || name || ': ' || sql FROM sqlite_master
                WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name
                """)
        }
    }

    @Test("A file of every earlier version migrates, and its accounts open with the passphrase", arguments: [1, 2])
    func migrate(version: Int) async throws {
        try await T.inFolder { folder in
            let file = try Self.copyFixture(version, into: folder)
            let logbook = MemoryLogbook()
            let database = try VaultDatabase(file: file, logbook: logbook)
            #expect(database.setAsideFileName == nil)
            let keys = VaultKeyWorker(database: database, cost: T.cheap)
            #expect(try await keys.keyExists())
            let key = try await keys.openKey(passphrase: Self.passphrase, at: T.moment)
            let vault = VaultWorker(database: database)
            let saved = try await vault.accounts(key: key)

            #expect(saved.map(\.id.rawValue) == Self.expected.map(\.id))
            #expect(saved.map(\.position) == Self.expected.map(\.position))
            #expect(saved.map(\.account) == Self.expected.map(\.account))
            // The codes of RFC 6238's and RFC 4226's vectors.
            let codes = saved.prefix(4).map { saved in
                let account = saved.account
                return account.parameters.kind == .hotp
                    ? OTPGenerator.hotp(secret: account.secret, algorithm: account.parameters.algorithm,
                                        digits: account.parameters.digits, counter: account.parameters.counter)
                    : OTPGenerator.totp(secret: account.secret, algorithm: account.parameters.algorithm,
                                        digits: account.parameters.digits, period: 30, unixTime: 59)
            }
            #expect(codes == ["46119246", "287082", "90693936", "94287082"])

            if version == 1 {
                #expect(saved.allSatisfy { !$0.isFavourite && $0.lastUsed == nil })
                #expect(try await vault.settings() == VaultSettings())
            } else {
                #expect(saved.filter(\.isFavourite).map(\.account.name) == ["bob"])
                #expect(saved[1].lastUsed == Date(timeIntervalSince1970: 1_700_000_000.5))
                #expect(try await vault.settings()
                    == VaultSettings(timeOffset: -42, showsNextCode: true, autoLockMinutes: 15, sortOrder: .issuer))
            }

            // The migrated file works on: a new account goes after the others.
            let added = try await vault.add([T.accounts[0]], key: key)
            #expect(added[0].id == AccountID(7) && added[0].position == 5)
            #expect(try await vault.accounts(key: key).map(\.account) == Self.expected.map(\.account) + [T.accounts[0]])
            #expect(logbook.entries.isEmpty)
        }
    }

    @Test("The v2 fixture's two wrong passphrases count: two more and the next try waits")
    func storedFailures() async throws {
        try await T.inFolder { folder in
            let file = try Self.copyFixture(2, into: folder)
            let keys = VaultKeyWorker(database: try VaultDatabase(file: file, logbook: SilentLogbook()), cost: T.cheap)
            for _ in 0..<2 {
                await expectFizzle(.wrongPassphrase) { try await keys.openKey(passphrase: "fixture passphrase", at: T.moment) }
            }
            await expectFizzle(.tryAgainLater(seconds: 1)) { try await keys.openKey(passphrase: Self.passphrase, at: T.moment) }
        }
    }

    @Test("A migrated file has the schema of a new vault", arguments: [1, 2])
    func sameSchema(version: Int) async throws {
        try await T.inFolder { folder in
            let file = try Self.copyFixture(version, into: folder)
            _ = try VaultDatabase(file: file, logbook: SilentLogbook())
            let fresh = VaultDatabase.databaseFile(in: folder.appendingPathComponent("fresh"))
            _ = try VaultDatabase(file: fresh, logbook: SilentLogbook())
            let migrated = try Self.schema(of: VaultFileBytes.queue(file))
            #expect(migrated == (try Self.schema(of: VaultFileBytes.queue(fresh))))
            #expect(migrated.count == 10)
            let applied = try VaultFileBytes.queue(file).read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
            }
            #expect(applied == ["v1", "v2", "v3", "v4"])
        }
    }

    @Test("Duplicates saved before the unique index migrate: both stay, the first is the one the index knows, the copy once alone")
    func duplicatesMigrate() async throws {
        try await T.inFolder { folder in
            let file = try Self.copyFixture(2, into: folder)
            // A copy of the account 1 (same secret, issuer and name), as an old version could save.
            try VaultFileBytes.execute("""
                INSERT INTO account (issuer, name, sealedSecret, kind, algorithm, digits, period, counter, tags, note, position)
                SELECT issuer, name, sealedSecret, kind, algorithm, digits, period, counter, tags, note, 9 FROM account WHERE id = 1
                """, in: file)
            let logbook = MemoryLogbook()
            let database = try VaultDatabase(file: file, logbook: logbook)
            #expect(database.setAsideFileName == nil)
            let key = try await VaultKeyWorker(database: database, cost: T.cheap).openKey(passphrase: Self.passphrase, at: T.moment)
            let vault = VaultWorker(database: database)
            #expect(try await vault.accounts(key: key).map(\.id.rawValue) == Self.expected.map(\.id) + [7])
            let untagged = { try await database.writer.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM account WHERE identityTag IS NULL ORDER BY id") } }
            #expect(try await untagged() == [1, 2, 3, 4, 5, 6, 7])
            // The first write with the key tags every account but the copy.
            _ = try await vault.add([T.accounts[0]], key: key)
            #expect(try await untagged() == [7])
            await expectFizzle(.duplicate(label: Self.expected[3].account.label)) { try await vault.add([Self.expected[3].account], key: key) }
            // The first one deleted, the copy is the one the index knows.
            try await vault.delete(AccountID(1))
            _ = try await vault.add([T.accounts[1]], key: key)
            #expect(try await untagged() == [])
            await expectFizzle(.duplicate(label: Self.expected[3].account.label)) { try await vault.add([Self.expected[3].account], key: key) }
            #expect(logbook.entries.isEmpty)
        }
    }
}
