import Foundation

/// The identifier of an account saved in the vault.
public struct AccountID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The row's identifier in the vault.
    public let rawValue: Int64

    /// Creates an identifier.
    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Orders identifiers by creation.
    public static func < (lhs: AccountID, rhs: AccountID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The number, as used in links and forms ("42").
    public var description: String { String(rawValue) }
}

/// An account as the vault keeps it: the account, and what the person did
/// with it (favourite, place in the custom order, last use).
///
/// Its `description` never shows the secret (see ``Secret``).
public struct SavedAccount: Hashable, Identifiable, Sendable, CustomStringConvertible {
    /// The identifier in the vault.
    public let id: AccountID
    /// The account: issuer, name, secret, parameters, tags and note.
    public var account: Account
    /// Whether the person marked it as a favourite.
    public var isFavourite: Bool
    /// Its place in the custom order (smaller first).
    public var position: Int
    /// When a code of it was last copied, if ever.
    public var lastUsed: Date?

    /// Creates a saved account.
    public init(id: AccountID, account: Account, isFavourite: Bool = false, position: Int, lastUsed: Date? = nil) {
        self.id = id
        self.account = account
        self.isFavourite = isFavourite
        self.position = position
        self.lastUsed = lastUsed
    }

    /// The tags the person gave it (the groups of other authenticators).
    public var tags: [String] {
        get { account.groups }
        set { account.groups = newValue }
    }

    /// Every part but the secret: the identifier, the account (redacted), and
    /// what the person marked (a timeline's change shows which part changed).
    public var description: String {
        "SavedAccount(\(id), \(account), isFavourite: \(isFavourite), position: \(position), lastUsed: \(lastUsed.map { "\($0)" } ?? "nil"))"
    }
}

/// What editing an account may change: never its secret or parameters,
/// which only a new account changes.
public struct AccountEdit: Hashable, Sendable {
    /// The service that issued the account.
    public var issuer: String
    /// The account at that service.
    public var name: String
    /// The person's note.
    public var note: String

    /// Creates an edit.
    public init(issuer: String, name: String, note: String = "") {
        self.issuer = issuer
        self.name = name
        self.note = note
    }
}
