import Foundation
import AuthenticatorDomain

extension Vessel {
    public var editAccountAction: EditAccountUsecase { editAccount }

    func editAccount(_ id: AccountID, _ edit: AccountEdit) async throws(VaultFizzle) {
        let key = try await unlockedKey()
        var saved = try savedAccount(id)
        saved.account.issuer = edit.issuer.trimmingCharacters(in: .whitespacesAndNewlines)
        saved.account.name = edit.name.trimmingCharacters(in: .whitespacesAndNewlines)
        saved.account.note = edit.note
        guard !(saved.account.issuer.isEmpty && saved.account.name.isEmpty) else {
            throw .invalidEntry(.missingField("issuer or account name"))
        }
        saved.account = try checked(saved.account)
        // The vault refuses names that make it another of its accounts.
        try await save(saved, key: key)
    }
}

