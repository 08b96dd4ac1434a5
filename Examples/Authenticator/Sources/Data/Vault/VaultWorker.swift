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

    public func add(_ accounts: [Account], key: DataKey) async throws(VaultFizzle) -> [SavedAccount] {
        try await database.write("Adding \(accounts.count) accounts") { db in
            let symmetricKey = try Self.checked(key, in: db)
            let last = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM account")
            var position = last.map { $0 + 1 } ?? 0
            var saved: [SavedAccount] = []
            for account in accounts {
                var record = try AccountRecord(
                    id: nil, account: account, position: position, isFavourite: false, lastUsed: nil, key: symmetricKey)
                try record.insert(db)
                saved.append(SavedAccount(id: AccountID(db.lastInsertedRowID), account: account, position: position))
                position += 1
            }
            return saved
        }
    }

    public func update(_ account: SavedAccount, key: DataKey) async throws(VaultFizzle) {
        try await database.write("Updating an account") { db in
            let symmetricKey = try Self.checked(key, in: db)
            guard try AccountRecord.exists(db, key: account.id.rawValue) else { throw VaultFizzle.accountNotFound }
            try AccountRecord(account, key: symmetricKey).update(db)
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
            var record = try AccountRecord(account, key: symmetricKey)
            try record.insert(db, onConflict: .replace)
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
