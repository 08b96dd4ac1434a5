import AuthenticatorDomain
import Crypto
import Foundation
import GRDB

/// Keeps the accounts and settings of the vault in its SQLite file: each
/// secret sealed (AES-256-GCM) with the data key, the rest in clear.
///
/// Every call that takes a key first checks it against the key check stored
/// with the wrapped key, in the same transaction: a wrong key throws
/// ``VaultFizzle/wrongPassphrase`` and never seals anything. A row whose
/// secret does not open with the right key, or whose fields do not make a
/// valid account, is damage, not a wrong key: reading throws
/// ``VaultFizzle/storageFailed`` and records the row's identifier (only) in
/// the logbook.
public struct VaultWorker: VaultWork, CustomStringConvertible {
    private let database: VaultDatabase

    /// A worker on `database`.
    public init(database: VaultDatabase) {
        self.database = database
    }

    /// The database.
    public var description: String { "VaultWorker(\(database))" }

    public func accounts(key: DataKey) async throws(VaultFizzle) -> [SavedAccount] {
        try await database.read("Reading the accounts") { db in
            let symmetricKey = try Self.checked(key, in: db)
            return try AccountRecord.order(AccountRecord.customOrder).fetchAll(db).map {
                try $0.savedAccount(key: symmetricKey)
            }
        }
    }

    public func observeAccounts(key: DataKey) -> AsyncThrowingStream<VaultAccounts, any Error> {
        let values = ValueObservation
            .tracking { db in
                let symmetricKey = try Self.checked(key, in: db)
                let revision = try Int64.fetchOne(db, sql: "SELECT revision FROM accountRevision WHERE id = 1") ?? 0
                let accounts = try AccountRecord.order(AccountRecord.customOrder).fetchAll(db).map {
                    try $0.savedAccount(key: symmetricKey)
                }
                return VaultAccounts(revision: revision, accounts: accounts)
            }
            .removeDuplicates()
            .values(in: database.writer, bufferingPolicy: .bufferingNewest(1))
        let database = database
        return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                // GRDB sees the changes of its own connection only: another
                // process's (the command line's) are found by the watch,
                // started once the first value is read.
                var watch: Task<Void, Never>?
                defer { watch?.cancel() }
                do {
                    for try await accounts in values {
                        continuation.yield(accounts)
                        if watch == nil { watch = Task { await database.notifyChangesOfOtherConnections() } }
                    }
                    continuation.finish()
                } catch {
                    let fizzle = database.fizzle(for: error, operation: "Observing the accounts")
                    continuation.finish(throwing: Task.isCancelled ? VaultFizzle.cancelled : fizzle)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func revision() async throws(VaultFizzle) -> Int64 {
        try await database.read("Reading the accounts' revision") { db in
            try Int64.fetchOne(db, sql: "SELECT revision FROM accountRevision WHERE id = 1") ?? 0
        }
    }

    public func add(_ accounts: [Account], key: DataKey) async throws(VaultFizzle) -> [SavedAccount] {
        try await database.write("Adding \(accounts.count) accounts") { db in
            let symmetricKey = try Self.checked(key, in: db)
            try Self.tagUntagged(db, key: symmetricKey)
            let last = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM account")
            var position = last.map { $0 + 1 } ?? 0
            var saved: [SavedAccount] = []
            for account in accounts {
                var record = try AccountRecord(
                    id: nil, account: account, position: position, isFavourite: false, lastUsed: nil, key: symmetricKey)
                try Self.unlessDuplicate(account) { try record.insert(db) }
                saved.append(SavedAccount(id: AccountID(db.lastInsertedRowID), account: account, position: position))
                position += 1
            }
            return saved
        }
    }

    /// Saves the fields a person edits; the secret, parameters, counter,
    /// position and last use stay as the vault has them (another process may
    /// have advanced the counter or reordered since `account` was read).
    public func update(_ account: SavedAccount, key: DataKey) async throws(VaultFizzle) {
        try await database.write("Updating an account") { db in
            let symmetricKey = try Self.checked(key, in: db)
            try Self.tagUntagged(db, key: symmetricKey)
            guard let record = try AccountRecord.fetchOne(db, key: account.id.rawValue) else {
                throw VaultFizzle.accountNotFound
            }
            let tags = String(decoding: try JSONEncoder().encode(account.tags), as: UTF8.self)
            try db.execute(
                sql: "UPDATE account SET issuer = ?, name = ?, note = ?, tags = ?, isFavourite = ? WHERE id = ?",
                arguments: [
                    account.account.issuer, account.account.name, account.account.note, tags, account.isFavourite,
                    account.id.rawValue,
                ])
            // New names make a new identity, which must be the vault's only one.
            guard record.issuer != account.account.issuer || record.name != account.account.name else { return }
            var renamed = try record.savedAccount(key: symmetricKey).account
            renamed.issuer = account.account.issuer
            renamed.name = account.account.name
            let tag = AccountIdentityTag.tag(of: renamed, key: symmetricKey)
            try Self.unlessDuplicate(renamed) {
                try db.execute(
                    sql: "UPDATE account SET identityTag = ? WHERE id = ?", arguments: [tag, account.id.rawValue])
            }
        }
    }

    public func markUsed(_ id: AccountID, at moment: Date, key: DataKey) async throws(VaultFizzle) -> SavedAccount {
        try await database.write("Using an account") { db in
            let symmetricKey = try Self.checked(key, in: db)
            guard let record = try AccountRecord.fetchOne(db, key: id.rawValue) else { throw VaultFizzle.accountNotFound }
            let used = try record.savedAccount(key: symmetricKey)
            // One statement advances the counter from the value stored, not from a copy; the
            // counter keeps the UInt64's bit pattern, so Int64.max wraps to Int64.min as UInt64 counts on.
            try db.execute(
                sql: """
                    UPDATE account SET lastUsed = ?, counter = CASE
                        WHEN kind != ? THEN counter
                        WHEN counter = ? THEN ?
                        ELSE counter + 1 END
                    WHERE id = ?
                    """,
                arguments: [moment.timeIntervalSince1970, OTPKind.hotp.rawValue, Int64.max, Int64.min, id.rawValue])
            return used
        }
    }

    public func delete(_ id: AccountID) async throws(VaultFizzle) {
        try await database.write("Deleting an account") { db in
            guard try AccountRecord.deleteOne(db, key: id.rawValue) else { throw VaultFizzle.accountNotFound }
        }
    }

    /// Saves a deleted account back, with its identifier and position (undo);
    /// saves over the account when it was not deleted after all.
    public func restore(_ account: SavedAccount, key: DataKey) async throws(VaultFizzle) {
        try await database.write("Restoring an account") { db in
            let symmetricKey = try Self.checked(key, in: db)
            try Self.tagUntagged(db, key: symmetricKey)
            var record = try AccountRecord(account, key: symmetricKey)
            try AccountRecord.deleteOne(db, key: account.id.rawValue)
            try Self.unlessDuplicate(account.account) { try record.insert(db) }
        }
    }

    /// Gives the accounts `ids` the positions 0, 1, 2 … of their order, in one
    /// transaction; accounts not listed keep theirs. Throws
    /// ``VaultFizzle/accountNotFound``, changing nothing, when one is missing.
    public func reorder(_ ids: [AccountID]) async throws(VaultFizzle) {
        try await database.write("Reordering \(ids.count) accounts") { db in
            for (position, id) in ids.enumerated() {
                try db.execute(
                    sql: "UPDATE account SET position = ? WHERE id = ?", arguments: [position, id.rawValue])
                guard db.changesCount == 1 else { throw VaultFizzle.accountNotFound }
            }
        }
    }

    public func settings() async throws(VaultFizzle) -> VaultSettings {
        try await database.read("Reading the settings") { db in
            try SettingRecord.fetchOne(db, key: 1)?.settings ?? VaultSettings()
        }
    }

    /// Saves `settings`; throws ``VaultSettings/problem`` when one is out of range.
    public func save(_ settings: VaultSettings) async throws(VaultFizzle) {
        if let problem = settings.problem { throw problem }
        try await database.write("Saving the settings") { db in
            try SettingRecord(settings).insert(db, onConflict: .replace)
        }
    }

    public func backupSettings() async throws(VaultFizzle) -> (settings: BackupSettings, hasPassword: Bool) {
        try await database.read("Reading the backup settings") { db in
            guard let record = try BackupSettingRecord.fetchOne(db, key: 1) else { return (BackupSettings(), false) }
            return (record.settings, record.sealedPassword != nil)
        }
    }

    /// The first bytes of the SHA-256 of the key check: sealed once, when the
    /// vault was made, with its own random nonce and data key, it differs from
    /// every other vault's and never changes; it is no secret (it is in the
    /// file in clear), and its hash tells nothing of the key.
    public func backupName() async throws(VaultFizzle) -> String {
        try await database.read("Reading the vault's name for backups") { db in
            guard let record = try VaultKeyRecord.fetchOne(db, key: 1) else { throw VaultFizzle.noVault }
            return SHA256.hash(data: record.keyCheck).prefix(4).map { String(format: "%02x", $0) }.joined()
        }
    }

    public func backupPassword(key: DataKey) async throws(VaultFizzle) -> String? {
        try await database.read("Reading the backup password") { db in
            let symmetricKey = try Self.checked(key, in: db)
            guard let sealed = try BackupSettingRecord.fetchOne(db, key: 1)?.sealedPassword else { return nil }
            guard let bytes = try? VaultSealing.open(sealed, with: symmetricKey),
                let password = String(bytes: bytes, encoding: .utf8)
            else { throw BackupSettingRecord.Damage() }
            return password
        }
    }

    /// Saves the backups' settings, and their password sealed with `key`
    /// unless it is `nil` (the saved one is kept then). Throws
    /// ``BackupSettings/problem`` as ``VaultFizzle/backup(_:)`` when one is wrong.
    public func saveBackupSettings(_ settings: BackupSettings, password: String?, key: DataKey) async throws(VaultFizzle) {
        if let problem = settings.problem { throw .backup(problem) }
        try await database.write("Saving the backup settings") { db in
            let symmetricKey = try Self.checked(key, in: db)
            let sealed = try password.map { try VaultSealing.seal(Array($0.utf8), with: symmetricKey) }
                ?? BackupSettingRecord.fetchOne(db, key: 1)?.sealedPassword
            try BackupSettingRecord(settings, sealedPassword: sealed).insert(db, onConflict: .replace)
        }
    }

    /// Runs `insert`, which saves `account`'s identity tag; a tag the vault
    /// holds already (a connection added the account first, maybe at the
    /// same moment) is ``VaultFizzle/duplicate(label:)``.
    private static func unlessDuplicate(_ account: Account, _ insert: () throws -> Void) throws {
        do {
            try insert()
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw VaultFizzle.duplicate(label: account.label)
        }
    }

    /// Tags the accounts saved before identity tags existed (version 4),
    /// first in the custom order first: a copy of an account already tagged
    /// stays untagged, as it was (duplicates saved earlier are kept, never
    /// deleted), and is tagged once it is the only one left. A row whose
    /// secret does not open stays untagged: reading it says it is damaged.
    private static func tagUntagged(_ db: Database, key: SymmetricKey) throws {
        let untagged = try AccountRecord.filter(sql: "identityTag IS NULL").order(AccountRecord.customOrder).fetchAll(db)
        for record in untagged {
            guard let id = record.id, let account = try? record.savedAccount(key: key).account else { continue }
            let tag = AccountIdentityTag.tag(of: account, key: key)
            try db.execute(
                sql: "UPDATE account SET identityTag = ? WHERE id = ? AND NOT EXISTS (SELECT 1 FROM account WHERE identityTag = ?)",
                arguments: [tag, id, tag])
        }
    }

    /// `key` as a symmetric key, once the stored key check opens with it.
    /// Throws ``VaultFizzle/noVault`` without a stored key and
    /// ``VaultFizzle/wrongPassphrase`` when it is not the vault's key.
    private static func checked(_ key: DataKey, in db: Database) throws -> SymmetricKey {
        guard let keyCheck = try Data.fetchOne(db, sql: "SELECT keyCheck FROM vaultKey WHERE id = 1") else {
            throw VaultFizzle.noVault
        }
        guard let symmetricKey = try? VaultSealing.symmetricKey(key.bytes),
            (try? VaultSealing.open(keyCheck, with: symmetricKey)) == VaultSealing.keyCheckPlaintext
        else { throw VaultFizzle.wrongPassphrase }
        return symmetricKey
    }
}
