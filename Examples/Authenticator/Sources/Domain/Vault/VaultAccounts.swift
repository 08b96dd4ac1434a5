/// The accounts of the vault as one read saw them, with the revision they
/// were at: the revision counts every change of the accounts, by any
/// connection or process, so of two reads the one with the higher revision
/// is the newer.
public struct VaultAccounts: Hashable, Sendable, CustomStringConvertible {
    /// The revision of the accounts when they were read.
    public let revision: Int64
    /// The accounts, secrets opened, in the custom order.
    public let accounts: [SavedAccount]

    /// The accounts read at `revision`.
    public init(revision: Int64, accounts: [SavedAccount]) {
        self.revision = revision
        self.accounts = accounts
    }

    /// The revision and the number of accounts; never a secret.
    public var description: String { "VaultAccounts(revision \(revision), \(accounts.count) accounts)" }
}
