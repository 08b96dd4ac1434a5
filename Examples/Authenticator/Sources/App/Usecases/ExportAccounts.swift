import AuthenticatorDomain

extension Deck {
    /// Action: writes every account, in the custom order, as `format`.
    ///
    /// An Aegis vault is encrypted with `password`, which follows the rules
    /// of a passphrase; any other format holds the secrets in clear and is
    /// written only when `confirmedPlain`.
    func exportAccounts(_ format: ImportFormat, _ password: String?, _ confirmedPlain: Bool) async throws(VaultFizzle) -> Export {
        _ = try await unlockedKey()
        guard format.isWritable else { throw .format(.cannotWrite(format: format)) }
        if format == .aegis {
            guard let password, !password.isEmpty else { throw .format(.passwordRequired(format: format)) }
            if let problem = Passphrase.problem(with: password) { throw problem }
        } else if !confirmedPlain {
            throw .plainExportNotConfirmed
        }
        let accounts = AccountSearch.sorted(savedAccounts, by: .custom).map(\.account)
        do {
            return try exporter.write(accounts, as: format, password: format == .aegis ? password : nil)
        } catch {
            throw .format(error)
        }
    }
}
