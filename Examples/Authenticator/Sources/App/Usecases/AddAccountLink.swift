import AuthenticatorData
import AuthenticatorDomain

extension Deck {
    /// Action: adds the account an `otpauth://` link describes.
    func addAccountLink(_ link: String) async throws(VaultFizzle) -> SavedAccount {
        _ = try await unlockedKey()
        let account: Account
        do {
            account = try OTPAuthURI.read(link)
        } catch {
            throw .invalidEntry(error)
        }
        return try await addAccount(account)
    }
}
