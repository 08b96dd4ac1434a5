import AuthenticatorDomain

extension Vessel {
    public var addAccountLinkAction: AddAccountLinkUsecase { addAccountLink }

    func addAccountLink(_ link: String) async throws(VaultFizzle) -> SavedAccount {
        _ = try await unlockedKey()
        let account: Account
        do {
            account = try importer.readLink(link)
        } catch {
            throw .invalidEntry(error)
        }
        return try await addAccount(account)
    }
}
