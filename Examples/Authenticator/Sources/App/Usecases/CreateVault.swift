import AuthenticatorDomain

extension Vessel {
    public var createVaultAction: CreateVaultUsecase { createVault }

    func createVault(_ passphrase: String, _ confirmation: String) async throws(VaultFizzle) {
        if let problem = Passphrase.problem(with: passphrase) { throw problem }
        guard passphrase == confirmation else { throw .passphrasesDiffer }
        let key = try await keys.createKey(passphrase: passphrase)
        await session.open(with: key)
        noteActivity()
        try await loadVault(key: key)
    }
}
