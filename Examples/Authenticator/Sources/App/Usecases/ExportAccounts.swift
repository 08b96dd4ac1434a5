import AuthenticatorDomain

extension Vessel {
    public var exportAccountsAction: ExportAccountsUsecase { exportAccounts }

    func exportAccounts(_ passphrase: String, _ format: ImportFormat, _ password: String?, _ confirmedPlain: Bool) async throws(VaultFizzle) -> Export {
        _ = try await unlockedKey()
        guard format.isWritable else { throw .format(.cannotWrite(format: format)) }
        let password = password.flatMap { $0.isEmpty ? nil : $0 }
        if format == .aegis, let password {
            if let problem = Passphrase.problem(withPassword: password) { throw problem }
        } else if !confirmedPlain {
            throw format == .aegis ? .format(.passwordRequired(format: format)) : .plainExportNotConfirmed
        }
        guard !passphrase.isEmpty else { throw .passphraseRequired }
        let key = try await keys.openKey(passphrase: passphrase, at: now())
        let accounts = try await currentAccounts(key: key).map(\.account)
        do {
            return try exporter.write(accounts, as: format, password: format == .aegis ? password : nil)
        } catch {
            throw .format(error)
        }
    }
}
