import AuthenticatorDomain

extension Deck {
    /// Action: writes every account, in the custom order, as `format`.
    ///
    /// An Aegis vault is encrypted with `password`, which follows the rules
    /// of a passphrase; without a password it is a plain vault, written (as
    /// any other format, which holds the secrets in clear) only when
    /// `confirmedPlain`. An Aegis export with neither asks for the password.
    func exportAccounts(_ format: ImportFormat, _ password: String?, _ confirmedPlain: Bool) async throws(VaultFizzle) -> Export {
        _ = try await unlockedKey()
        guard format.isWritable else { throw .format(.cannotWrite(format: format)) }
        let password = password.flatMap { $0.isEmpty ? nil : $0 }
        if format == .aegis, let password {
            if let problem = Passphrase.problem(with: password) { throw problem }
        } else if !confirmedPlain {
            throw format == .aegis ? .format(.passwordRequired(format: format)) : .plainExportNotConfirmed
        }
        let accounts = AccountSearch.sorted(savedAccounts, by: .custom).map(\.account)
        do {
            return try exporter.write(accounts, as: format, password: format == .aegis ? password : nil)
        } catch {
            throw .format(error)
        }
    }
}
