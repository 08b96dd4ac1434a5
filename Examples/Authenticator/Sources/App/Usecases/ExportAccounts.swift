import AuthenticatorDomain

extension Vessel {
    public var exportAccountsAction: ExportAccountsUsecase { exportAccounts }

    /// Action: writes every account, as the vault holds them now, in the
    /// custom order, as `format`.
    ///
    /// An Aegis vault is encrypted with `password`, which follows the rules
    /// of a passphrase; without a password it is a plain vault, written (as
    /// any other format, which holds the secrets in clear) only when
    /// `confirmedPlain`. An Aegis export with neither asks for the password.
    /// Either way the vault's `passphrase` is asked again and checked like an
    /// unlock try: a wrong one exports nothing and counts as a wrong passphrase.
    ///
    /// The accounts are read from the vault, not from the app state: another
    /// process (a second server, the command line) may have changed them
    /// since this one unlocked, and an export is a backup that must hold them.
    func exportAccounts(_ passphrase: String, _ format: ImportFormat, _ password: String?, _ confirmedPlain: Bool) async throws(VaultFizzle) -> Export {
        _ = try await unlockedKey()
        guard format.isWritable else { throw .format(.cannotWrite(format: format)) }
        let password = password.flatMap { $0.isEmpty ? nil : $0 }
        if format == .aegis, let password {
            if let problem = Passphrase.problem(with: password) { throw problem }
        } else if !confirmedPlain {
            throw format == .aegis ? .format(.passwordRequired(format: format)) : .plainExportNotConfirmed
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
