import Foundation

/// Finding, filtering and sorting accounts, as every front-end does it.
public enum AccountSearch {
    /// `text` folded for comparison: accents and case ignored, spaces at the ends trimmed.
    public static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The text a search looks in: issuer, account name and tags, folded once.
    public static func haystack(of account: Account) -> String {
        folded(([account.issuer, account.name] + account.groups).joined(separator: "\n"))
    }

    /// The words of a search, folded: what ``matches(_:words:)`` looks for.
    public static func words(of query: String) -> [String] {
        folded(query).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Whether a ``haystack(of:)`` holds every one of `words` (from ``words(of:)``).
    ///
    /// Both sides are folded the same way, so a plain substring search
    /// (Foundation's, the fastest at hand: a generic `firstRange(of:)` over
    /// UTF-8 costs eight times as much) is all it takes.
    public static func matches(_ haystack: String, words: [String]) -> Bool {
        words.allSatisfy { haystack.contains($0) }
    }

    /// `accounts` in `order`, the favourites pinned on top (in every order, as
    /// authenticators keep them); ties keep the custom order.
    public static func sorted(_ accounts: [SavedAccount], by order: AccountOrder) -> [SavedAccount] {
        let custom = accounts.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
        return stableSorted(custom) { lhs, rhs in
            if lhs.isFavourite != rhs.isFavourite { return lhs.isFavourite }
            switch order {
            case .custom:
                return nil
            case .issuer:
                return compare(lhs.account.issuer, rhs.account.issuer) ?? compare(lhs.account.name, rhs.account.name)
            case .account:
                return compare(lhs.account.name, rhs.account.name) ?? compare(lhs.account.issuer, rhs.account.issuer)
            case .lastUsed:
                switch (lhs.lastUsed, rhs.lastUsed) {
                case let (left?, right?): return left == right ? nil : left > right
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return nil
                }
            }
        }
    }

    /// Whether `lhs` goes before `rhs` in a list people read, `nil` when they tie.
    private static func compare(_ lhs: String, _ rhs: String) -> Bool? {
        switch lhs.localizedStandardCompare(rhs) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: nil
        }
    }

    /// Sorts by `before`, keeping the given order where it answers `nil`.
    private static func stableSorted(_ accounts: [SavedAccount], by before: (SavedAccount, SavedAccount) -> Bool?) -> [SavedAccount] {
        accounts.enumerated()
            .sorted { before($0.element, $1.element) ?? ($0.offset < $1.offset) }
            .map(\.element)
    }
}
