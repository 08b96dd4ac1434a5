import AuthenticatorDomain

/// One account as the list shows it: values only, so that a row whose text
/// did not change compares equal and is not drawn again.
public struct AccountRow: Equatable, Identifiable, Sendable {
    /// The account's identifier.
    public let id: AccountID
    /// The issuer ("GitHub"); may be empty.
    public let issuer: String
    /// The account name ("ada@example.com").
    public let name: String
    /// The tags.
    public let tags: [String]
    /// Whether it is a favourite.
    public let isFavourite: Bool
    /// The kind of code.
    public let kind: OTPKind
    /// The code to show, grouped for reading ("287 082"); `nil` for a
    /// counter-based account until a code is generated (each is used once).
    public let code: String?
    /// The code of the next period, when the settings ask for it (time-based only).
    public let nextCode: String?
    /// The period of a time-based code, in seconds; `nil` for counter-based ones.
    public let period: Int?
    /// The counter of the next code (counter-based only).
    public let counter: UInt64?

    /// The issuer and name as people read them.
    public var title: String { issuer.isEmpty ? name : issuer }
    /// The line under the title: the name when there is an issuer.
    public var subtitle: String { issuer.isEmpty ? "" : name }

    /// This row showing `code`, a counter-based code generated for it (`nil`: as it is).
    func revealing(_ code: String?) -> AccountRow {
        guard let code else { return self }
        return AccountRow(
            id: id, issuer: issuer, name: name, tags: tags, isFavourite: isFavourite, kind: kind, code: code,
            nextCode: nextCode, period: period, counter: counter)
    }
}

/// Which accounts the list shows, besides the search.
public enum AccountFilter: Hashable, Codable, Sendable {
    /// Every account.
    case all
    /// The favourites only.
    case favourites
    /// The accounts with this tag.
    case tag(String)
}

extension OneTimeCode {
    /// The code grouped for reading: "287 082", "9425 4731"; Steam's as is.
    var grouped: String {
        guard text.count >= 6, text.allSatisfy(\.isNumber) else { return text }
        let split = text.index(text.startIndex, offsetBy: text.count / 2)
        return "\(text[..<split]) \(text[split...])"
    }
}
