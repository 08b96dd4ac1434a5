import Foundation
import AuthenticatorDomain

extension Vessel {
    public var tagAccountAction: TagAccountUsecase { tagAccount }

    func tagAccount(_ id: AccountID, _ tags: [String]) async throws(VaultFizzle) {
        let key = try await unlockedKey()
        var saved = try savedAccount(id)
        var seen = Set<String>()
        saved.tags = tags.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && seen.insert(AccountSearch.folded($0)).inserted }
        saved.account = try checked(saved.account)
        try await save(saved, key: key)
    }
}
