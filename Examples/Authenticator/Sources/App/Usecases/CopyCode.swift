import AuthenticatorDomain
import Foundation

extension Vessel {
    public var copyCodeAction: CopyCodeUsecase { copyCode }

    func copyCode(_ id: AccountID) async throws(VaultFizzle) -> OneTimeCode {
        let key = try await unlockedKey()
        let now = now()
        let used = try await vault.markUsed(id, at: now, key: key)
        let code = makeCode(used.account, now)
        await showWrites()
        if used.account.parameters.kind == .hotp { await backUpAfterChange() }
        return code
    }
}
