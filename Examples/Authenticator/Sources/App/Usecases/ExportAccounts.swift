import AuthenticatorDomain

extension Deck {
    /// Action: writes every account, as the vault holds them now, in the
    /// custom order, as `format`.
    ///
    /// An Aegis vault is encrypted with `password`, which follows the rules
    /// of a passphrase; any other format holds the secrets in clear and is
    /// written only when `confirmedPlain`. Either way the vault's `passphrase`
    /// is asked again and checked like an unlock try: a wrong one exports
    /// nothing and counts as a wrong passphrase.
    ///
    /// The accounts are read from the vault, not from the app state: another
    /// process (a second server, the command line) may have changed them
    /// since this one unlocked, and an export is a backup that must hold them.
    func exportAccounts(_ passphrase: String, _ format: ImportFormat, _ password: String?, _ confirmedPlain: Bool) async throws(VaultFizzle) -> Export {
        _ = try await unlockedKey()
        guard format.isWritable else { throw .format(.cannotWrite(format: format)) }
        if format == .aegis {
            guard let password, !password.isEmpty else { throw .format(.passwordRequired(format: format)) }
            if let problem = Passphrase.problem(with: password) { throw problem }
        } else if !confirmedPlain {
            throw .plainExportNotConfirmed
        }
        guard !passphrase.isEmpty else { throw .passphraseRequired }
        let key = try await keys.openKey(passphrase: passphrase, at: clock.now())
        let accounts = try await currentAccounts(key: key).map(\.account)
        do {
            return try exporter.write(accounts, as: format, password: format == .aegis ? password : nil)
        } catch {
            throw .format(error)
        }
    }
}
