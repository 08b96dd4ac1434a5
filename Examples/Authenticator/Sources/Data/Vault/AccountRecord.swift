import AuthenticatorDomain
import Crypto
import Foundation
import GRDB

/// A row of the `account` table: the account in clear but for its secret,
/// which is sealed with the data key (see ``VaultSealing``).
struct AccountRecord: Codable, FetchableRecord, MutablePersistableRecord, CustomStringConvertible {
    static let databaseTableName = "account"

    var id: Int64?
    var issuer: String
    var name: String
    var sealedSecret: Data
    var kind: String
    var algorithm: String
    var digits: Int
    var period: Int
    /// The counter's bit pattern (SQLite's integers are signed).
    var counter: Int64
    /// The tags, as a JSON array of strings.
    var tags: String
    var note: String
    var position: Int
    var isFavourite: Bool
    /// Seconds since 1970.
    var lastUsed: Double?
    /// The keyed hash of the account's identity (``AccountIdentityTag``),
    /// unique in the vault; `nil` for a row saved before it existed, until
    /// tagged, and for a copy of a tagged account saved back then.
    var identityTag: Data?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let position = Column(CodingKeys.position)
    }

    /// The custom order: position, then identifier.
    static let customOrder = [Columns.position.asc, Columns.id.asc]

    /// A row for `account`, its secret sealed with `key`.
    init(
        id: AccountID?, account: Account, position: Int, isFavourite: Bool, lastUsed: Date?, key: SymmetricKey
    ) throws {
        self.id = id?.rawValue
        issuer = account.issuer
        name = account.name
        sealedSecret = try VaultSealing.seal(account.secret.bytes, with: key)
        kind = account.parameters.kind.rawValue
        algorithm = account.parameters.algorithm.rawValue
        digits = account.parameters.digits
        period = account.parameters.period
        counter = Int64(bitPattern: account.parameters.counter)
        tags = String(decoding: try JSONEncoder().encode(account.groups), as: UTF8.self)
        note = account.note
        self.position = position
        self.isFavourite = isFavourite
        self.lastUsed = lastUsed?.timeIntervalSince1970
        identityTag = AccountIdentityTag.tag(of: account, key: key)
    }

    /// A row for `saved`, its secret sealed with `key`.
    init(_ saved: SavedAccount, key: SymmetricKey) throws {
        try self.init(
            id: saved.id, account: saved.account, position: saved.position, isFavourite: saved.isFavourite,
            lastUsed: saved.lastUsed, key: key)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The saved account, its secret opened with `key`; throws
    /// ``Damage`` when a field does not make a valid account.
    func savedAccount(key: SymmetricKey) throws -> SavedAccount {
        guard let id else { throw Damage(id: nil) }
        let damage = Damage(id: id)
        guard let secret = try? VaultSealing.open(sealedSecret, with: key),
            let kind = OTPKind(rawValue: kind), let algorithm = OTPAlgorithm(rawValue: algorithm),
            let parameters = try? OTPParameters(
                kind: kind, algorithm: algorithm, digits: digits, period: period, counter: UInt64(bitPattern: counter)),
            let groups = try? JSONDecoder().decode([String].self, from: Data(tags.utf8))
        else { throw damage }
        let account = Account(
            issuer: issuer, name: name, secret: Secret(bytes: secret), parameters: parameters, groups: groups, note: note)
        return SavedAccount(
            id: AccountID(id), account: account, isFavourite: isFavourite, position: position,
            lastUsed: lastUsed.map(Date.init(timeIntervalSince1970:)))
    }

    /// The row's identifier only: the rest may be personal.
    var description: String { "AccountRecord(\(id.map(String.init) ?? "new"))" }

    /// A row that does not make a valid account (named by its identifier only).
    struct Damage: Error, CustomStringConvertible {
        let id: Int64?
        var description: String { "the account row \(id.map(String.init) ?? "without identifier") is damaged" }
    }
}
