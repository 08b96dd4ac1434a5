import AuthenticatorDomain

extension Vessel {
    public var favouriteAccountAction: FavouriteAccountUsecase { favouriteAccount }

    func favouriteAccount(_ id: AccountID, _ isFavourite: Bool) async throws(VaultFizzle) {
        let key = try await unlockedKey()
        var saved = try savedAccount(id)
        guard saved.isFavourite != isFavourite else { return }
        saved.isFavourite = isFavourite
        try await save(saved, key: key)
    }
}
