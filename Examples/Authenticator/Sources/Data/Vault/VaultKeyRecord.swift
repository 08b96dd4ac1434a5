import Foundation
import GRDB

/// The one row of the `vaultKey` table: the wrapped data key, how to derive
/// the key that unwraps it, the key check and the wrong-passphrase count.
struct VaultKeyRecord: Codable, FetchableRecord, PersistableRecord, CustomStringConvertible {
    static let databaseTableName = "vaultKey"

    /// Always 1: there is one key per vault.
    var id: Int64 = 1
    /// The data key sealed with the passphrase's key.
    var wrappedKey: Data
    /// scrypt's salt.
    var salt: Data
    var scryptN: Int
    var scryptR: Int
    var scryptP: Int
    /// ``VaultSealing/keyCheckPlaintext`` sealed with the data key.
    var keyCheck: Data
    /// Wrong passphrases in a row.
    var failureCount: Int
    /// When the last wrong passphrase was tried (seconds since 1970).
    var lastFailure: Double?

    enum Columns {
        static let wrappedKey = Column(CodingKeys.wrappedKey)
        static let failureCount = Column(CodingKeys.failureCount)
        static let lastFailure = Column(CodingKeys.lastFailure)
    }

    /// scrypt's cost as stored.
    var cost: ScryptCost { ScryptCost(n: scryptN, r: scryptR, p: scryptP) }

    /// The cost and the count; never a key or a salt.
    var description: String { "VaultKeyRecord(\(cost), \(failureCount) failures)" }
}
