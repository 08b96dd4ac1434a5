import AuthenticatorDomain

extension Vessel {
    public var changePassphraseAction: ChangePassphraseUsecase { changePassphrase }

    func changePassphrase(_ old: String, _ new: String, _ confirmation: String) async throws(VaultFizzle) {
        _ = try await unlockedKey()
        if let problem = Passphrase.problem(with: new) { throw problem }
        guard new == confirmation else { throw .passphrasesDiffer }
        try await keys.changePassphrase(from: old, to: new, at: now())
    }
}
