import AuthenticatorDomain
import Foundation
import Testing

@Suite("Finding and sorting accounts", .timeLimit(.minutes(5)))
struct AccountSearchTests {
    static func saved(_ id: Int64, _ issuer: String, _ name: String, tags: [String] = [], position: Int? = nil, lastUsed: TimeInterval? = nil) -> SavedAccount {
        SavedAccount(
            id: AccountID(id), account: Account(issuer: issuer, name: name, secret: Secret(bytes: [UInt8(id)]), groups: tags),
            position: position ?? Int(id), lastUsed: lastUsed.map(Date.init(timeIntervalSince1970:)))
    }

    let accounts = [
        saved(1, "Zürich Bank", "émile@example.com", tags: ["Money"], position: 2, lastUsed: 100),
        saved(2, "GitHub", "ada", tags: ["work"], position: 0),
        saved(3, "amazon", "Bob", position: 1, lastUsed: 300),
    ]

    @Test("Search ignores accents and case, and looks in issuer, name and tags")
    func search() {
        func found(_ query: String) -> [Int64] {
            let words = AccountSearch.words(of: query)
            return accounts.filter { AccountSearch.matches(AccountSearch.haystack(of: $0.account), words: words) }.map(\.id.rawValue)
        }
        #expect(found("zurich") == [1])
        #expect(found("EMILE") == [1])
        #expect(found("money") == [1])
        #expect(found("WORK") == [2])
        #expect(found("bob amazon") == [3], "every word must match")
        #expect(found("bob github") == [])
        #expect(found("  ") == [1, 2, 3])
        #expect(found("ZÜRICH\tbank") == [1], "tabs separate words too")
        #expect(AccountSearch.words(of: " Émile  Bank ") == ["emile", "bank"])
    }

    @Test("Custom order follows positions; issuer and account sort as people read; last used puts never used last")
    func sorting() {
        #expect(AccountSearch.sorted(accounts, by: .custom).map(\.id.rawValue) == [2, 3, 1])
        #expect(AccountSearch.sorted(accounts, by: .issuer).map(\.id.rawValue) == [3, 2, 1])
        #expect(AccountSearch.sorted(accounts, by: .account).map(\.id.rawValue) == [2, 3, 1])
        #expect(AccountSearch.sorted(accounts, by: .lastUsed).map(\.id.rawValue) == [3, 1, 2])
        #expect(AccountOrder.allCases.map(\.title) == ["Custom", "Issuer", "Account", "Last used"])
    }

    @Test("Favourites are pinned on top in every order, each group in that order")
    func favouritesFirst() {
        var pinned = accounts
        pinned[0].isFavourite = true  // Zürich Bank
        #expect(AccountSearch.sorted(pinned, by: .custom).map(\.id.rawValue) == [1, 2, 3])
        #expect(AccountSearch.sorted(pinned, by: .issuer).map(\.id.rawValue) == [1, 3, 2])
        #expect(AccountSearch.sorted(pinned, by: .account).map(\.id.rawValue) == [1, 2, 3])
        #expect(AccountSearch.sorted(pinned, by: .lastUsed).map(\.id.rawValue) == [1, 3, 2])
        pinned[2].isFavourite = true  // amazon
        #expect(AccountSearch.sorted(pinned, by: .issuer).map(\.id.rawValue) == [3, 1, 2])
    }

    @Test("Ties keep the custom order")
    func ties() {
        let twins = [Self.saved(1, "Same", "x", position: 1), Self.saved(2, "Same", "x", position: 0)]
        #expect(AccountSearch.sorted(twins, by: .issuer).map(\.id.rawValue) == [2, 1])
        #expect(AccountSearch.sorted(twins, by: .lastUsed).map(\.id.rawValue) == [2, 1])
    }
}
