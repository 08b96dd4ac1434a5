import AuthenticatorDomain
import Foundation

extension Vessel {
    public var copyCodeAction: CopyCodeUsecase { copyCode }

    /// Action: the code to copy for an account, recording when it was used.
    ///
    /// The code is made from the account as the vault holds it, not from the
    /// app state's copy: another process may have advanced a counter-based
    /// account's counter. The vault advances it and records the use in one
    /// transaction before the code is returned: if saving fails, no code is
    /// shown, and two processes never hand out the same code.
    func copyCode(_ id: AccountID) async throws(VaultFizzle) -> OneTimeCode {
        let key = try await unlockedKey()
        let now = clock.now()
        let used = try await vault.markUsed(id, at: now, key: key)
        let code = makeCode(used.account, now)
        await showWrites()
        if used.account.parameters.kind == .hotp { await backUpAfterChange() }
        return code
    }
}
