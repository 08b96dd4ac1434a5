import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel
import KeelTesting
import Testing

/// Searches the vault's files, byte by byte, for what must never be there in clear.
@Suite("Vault at rest", .timeLimit(.minutes(5)))
struct VaultAtRestTests {
    typealias T = VaultTesting

    /// Every form of a secret a careless format would store.
    static func forms(of secret: Secret) -> [[UInt8]] {
        let base32 = Base32.encode(secret.bytes, padding: false)
        return [secret.bytes, Array(base32.utf8), Array(base32.lowercased().utf8), Array(Base32.encode(secret.bytes).utf8),
                Array(Hex.lowercase(secret.bytes).utf8), Array(Data(secret.bytes).base64EncodedString().utf8)]
    }

    /// The automatic backups' password, kept sealed.
    static let backupPassword = "Backup-Password-Needle"

    @Test("Neither a secret, in any spelling, nor the data key, the passphrase or the backups' password is in the database or its WAL")
    func nothingInClear() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let logbook = MemoryLogbook()
            let database = try VaultDatabase(file: file, logbook: logbook)
            let keys = VaultKeyWorker(database: database, cost: T.cheap)
            let key = try await keys.createKey(passphrase: T.passphrase)
            let vault = VaultWorker(database: database)
            var saved = try await vault.add(T.accounts, key: key)
            saved[0].account.note = "edited"
            try await vault.update(saved[0], key: key)
            try await vault.delete(saved[2].id)
            try await vault.restore(saved[2], key: key)
            try await vault.saveBackupSettings(BackupSettings(folder: "/backups", kept: 3), password: Self.backupPassword, key: key)
            try await keys.changePassphrase(from: T.passphrase, to: T.otherPassphrase, at: T.moment)
            _ = try await keys.openKey(passphrase: T.otherPassphrase, at: T.moment)
            #expect(try await vault.backupPassword(key: key) == Self.backupPassword)

            let files = try VaultFileBytes.all(in: folder)
            #expect(files.map(\.name).contains("vault.sqlite-wal"))
            #expect(files.contains { $0.name == "vault.sqlite-wal" && !$0.bytes.isEmpty })
            let needles = T.secrets.flatMap(Self.forms(of:)) + [key.bytes, Array(Hex.lowercase(key.bytes).utf8)]
                + [Array(T.passphrase.utf8), Array(T.otherPassphrase.utf8), Array(Self.backupPassword.utf8)]
            for (name, bytes) in files {
                for needle in needles {
                    #expect(bytes.firstRange(of: needle) == nil, "found a secret in \(name)")
                }
            }
            // The search works: the clear fields are there.
            let all = files.reduce(into: Data()) { $0.append($1.bytes) }
            #expect(all.firstRange(of: Data("alice@example.com".utf8)) != nil)
            #expect(logbook.entries.isEmpty)
        }
    }

    @Test("The same secret sealed twice gives different bytes (a fresh nonce each time)")
    func freshNonces() async throws {
        try await T.inFolder { folder in
            let file = VaultDatabase.databaseFile(in: folder)
            let database = try VaultDatabase(file: file, logbook: SilentLogbook())
            let key = try await VaultKeyWorker(database: database, cost: T.cheap).createKey(passphrase: T.passphrase)
            var twin = T.accounts[0]
            twin.name = "twin"
            _ = try await VaultWorker(database: database).add([T.accounts[0], twin], key: key)
            let rows = try VaultFileBytes.rows(of: file)
            #expect(rows.sealedSecrets.count == 2)
            #expect(rows.sealedSecrets[0] != rows.sealedSecrets[1])
            // nonce (12) + ciphertext (the secret's length) + tag (16)
            #expect(rows.sealedSecrets[0].count == 12 + T.secrets[0].bytes.count + 16)
            #expect(rows.wrappedKey.count == 12 + 32 + 16 && rows.salt.count == 32)
        }
    }
}
