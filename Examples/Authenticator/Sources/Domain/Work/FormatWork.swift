import Foundation
import Keel

/// Reads accounts from the formats other authenticators export.
///
/// Implemented by a worker in the data layer. Reading never saves anything:
/// it returns a report to preview.
public protocol ImportWork: Sendable {
    /// Reads `data` as `format`, opening it with `password` when it is
    /// encrypted, and classifies each entry against `existing`.
    ///
    /// Throws when the input as a whole cannot be read (damaged, truncated,
    /// wrong password); a bad entry is an invalid row instead.
    func read(_ data: Data, as format: ImportFormat, password: String?, existing: [Account])
        throws(ImportFizzle) -> ImportReport

    /// Reads one `otpauth://` link (a QR code's text) into the account it describes.
    func readLink(_ link: String) throws(EntryFizzle) -> Account
}

/// An account an export could not carry, and why.
public struct ExportOmission: Hashable, Sendable {
    /// The account left out.
    public let account: Account
    /// Why the format cannot carry it, in a sentence.
    public let reason: LocalizedText

    /// Creates an omission.
    public init(account: Account, reason: LocalizedText) {
        self.account = account
        self.reason = reason
    }
}

/// What an export produced: the files or texts, and the accounts it left out.
public struct Export: Hashable, Sendable {
    /// The exported data: one file, or one text per page (a QR code each).
    public let pages: [Data]
    /// How many accounts `pages` hold.
    public let count: Int
    /// The accounts the format cannot carry, which are not in `pages`.
    public let omitted: [ExportOmission]

    /// Creates an export of `count` accounts.
    public init(pages: [Data], count: Int, omitted: [ExportOmission] = []) {
        self.pages = pages
        self.count = count
        self.omitted = omitted
    }
}

/// Writes accounts in a format another authenticator reads.
public protocol ExportWork: Sendable {
    /// Writes `accounts` as `format`, encrypted with `password` when the
    /// format requires one. Accounts the format cannot carry are listed in
    /// the export's `omitted`, never changed to fit.
    func write(_ accounts: [Account], as format: ImportFormat, password: String?) throws(ImportFizzle) -> Export
}
