import Foundation
import AuthenticatorDomain

extension Deck {
    /// Action: the code to copy for an account, recording when it was used.
    ///
    /// A counter-based account's counter is advanced and saved before its
    /// code is returned: if saving fails, no code is shown.
    func copyCode(_ id: AccountID) async throws(VaultFizzle) -> OneTimeCode {
        let key = try await unlockedKey()
        var saved = try savedAccount(id)
        let now = clock.now()
        let code = makeCode(saved.account, now)
        saved.account.parameters = saved.account.parameters.advanced()
        saved.lastUsed = now
        try await save(saved, key: key)
        return code
    }
}
