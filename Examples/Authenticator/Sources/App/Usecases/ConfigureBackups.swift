import AuthenticatorDomain

extension Vessel {
    public var configureBackupsAction: ConfigureBackupsUsecase { configureBackups }

    func configureBackups(_ settings: BackupSettings, _ password: String?) async throws(VaultFizzle) -> BackupStatus {
        let key = try await unlockedKey()
        if let problem = settings.problem { throw .backup(problem) }
        if let password, let problem = Passphrase.problem(withPassword: password) { throw problem }
        let hadPassword = try await vault.backupSettings().hasPassword
        if settings.isOn, password == nil, !hadPassword { throw .backup(.passwordRequired) }
        try await vault.saveBackupSettings(settings, password: password, key: key)
        store.update(at: { $0.backup }) { backup in
            backup = BackupState(
                settings: settings, hasPassword: hadPassword || password != nil, status: settings.isOn ? .waiting : .off)
        }
        guard settings.isOn else { return .off }
        return await backUpNow()
    }
}
