import Keel

/// Where an entry was found in what was imported.
public enum ImportLocation: Hashable, Sendable, CustomStringConvertible {
    /// A 1-based line of a text.
    case line(Int)
    /// The 1-based position of an entry in a file.
    case entry(Int)
    /// A 1-based entry of a 1-based page (a QR code of a multi-page export).
    case page(Int, entry: Int)

    /// The location as a person reads it ("line 3"), for the front-end to resolve.
    public var text: LocalizedText {
        switch self {
        case .line(let line): "line \(line)"
        case .entry(let entry): "entry \(entry)"
        case .page(let page, let entry): "page \(page), entry \(entry)"
        }
    }

    /// The location in English, for logs.
    public var description: String { text.description }
}

/// One entry found by a reader, and what importing it would do.
public struct ImportRow: Equatable, Sendable {
    /// What importing the entry would do.
    public enum Outcome: Equatable, Sendable {
        /// The entry is a new account.
        case new(Account)
        /// The entry has the secret, issuer and name of an account already in
        /// the vault, and would not be added.
        case duplicate(Account)
        /// The entry has the secret, issuer and name of an earlier entry of
        /// the same import (found at `first`), and would not be added twice.
        case repeated(Account, first: ImportLocation)
        /// The entry cannot become an account, for this reason.
        case invalid(EntryFizzle)
    }

    /// Where the entry was found.
    public let location: ImportLocation
    /// What importing it would do.
    public let outcome: Outcome

    /// Creates a row.
    public init(location: ImportLocation, outcome: Outcome) {
        self.location = location
        self.outcome = outcome
    }

    /// For an invalid entry, the reason with its location ("line 3: the
    /// secret contains '1' at position 3, which Base32 does not use").
    public var reason: LocalizedText? {
        guard case .invalid(let fizzle) = outcome else { return nil }
        return "\(location.text): \(fizzle.message)"
    }

    /// For an entry repeated in the import, where it was first ("the same
    /// account as line 2").
    public var repetition: LocalizedText? {
        guard case .repeated(_, let first) = outcome else { return nil }
        return "the same account as \(first.text)"
    }
}

/// What an import would do, entry by entry, shown before anything is saved.
///
/// Every entry a reader finds is a row: a reader never drops one silently.
public struct ImportReport: Equatable, Sendable {
    /// One row per entry, in the order found.
    public let rows: [ImportRow]
    /// What the reader noticed about the input as a whole, such as missing pages.
    public let notes: [ImportFizzle]

    /// Creates a report from rows already classified.
    public init(rows: [ImportRow], notes: [ImportFizzle] = []) {
        self.rows = rows
        self.notes = notes
    }

    /// Classifies what a reader found: each account is new, a duplicate of
    /// one in `existing`, or repeated from an earlier entry; each failure,
    /// and each account that fails ``Account/check()`` (a control character
    /// in a name, a field of absurd size), is invalid.
    public init(
        entries: [(location: ImportLocation, result: Result<Account, EntryFizzle>)], existing: [Account],
        notes: [ImportFizzle] = []
    ) {
        let inVault = Set(existing.map(\.identity))
        var firstSeen: [Account.Identity: ImportLocation] = [:]
        var rows: [ImportRow] = []
        rows.reserveCapacity(entries.count)
        for entry in entries {
            switch entry.result {
            case .success(let account):
                do throws(EntryFizzle) {
                    try account.check()
                } catch {
                    rows.append(ImportRow(location: entry.location, outcome: .invalid(error)))
                    continue
                }
                let outcome: ImportRow.Outcome
                if inVault.contains(account.identity) {
                    outcome = .duplicate(account)
                } else if let first = firstSeen[account.identity] {
                    outcome = .repeated(account, first: first)
                } else {
                    firstSeen[account.identity] = entry.location
                    outcome = .new(account)
                }
                rows.append(ImportRow(location: entry.location, outcome: outcome))
            case .failure(let fizzle):
                rows.append(ImportRow(location: entry.location, outcome: .invalid(fizzle)))
            }
        }
        self.init(rows: rows, notes: notes)
    }

    /// The accounts the import would add.
    public var newAccounts: [Account] {
        rows.compactMap { if case .new(let account) = $0.outcome { account } else { nil } }
    }

    /// The accounts already in the vault, which the import would skip.
    public var duplicates: [Account] {
        rows.compactMap { if case .duplicate(let account) = $0.outcome { account } else { nil } }
    }

    /// The entries that repeat an earlier entry of the import, which it would skip.
    public var repeated: [Account] {
        rows.compactMap { if case .repeated(let account, _) = $0.outcome { account } else { nil } }
    }

    /// The reasons of the invalid entries, each with its location.
    public var reasons: [LocalizedText] { rows.compactMap(\.reason) }
}
