import AuthenticatorDomain

extension Vessel {
    public var backUpNowAction: BackUpNowUsecase { backUpNow }

    func backUpNow() async -> BackupStatus {
        await queueBackup()?.value ?? .off
    }

    /// Backs the vault up after a change, when backups are on, without making
    /// the change wait for it: the backup is queued (or joins one not started
    /// yet) and written after the answer, so that a backup never delays one
    /// (a counter-based code, a favourite). A failure is in the app state for
    /// every screen to show; the change itself stands.
    func backUpAfterChange() async {
        guard store.state.backup.settings.isOn else { return }
        await queueBackup()
    }

    /// Waits until the backups asked for so far are written: a command line
    /// waits for them before it says how they went and exits.
    public func backupsWritten() async {
        await backupRuns.settle()
    }

    /// Queues a backup of the vault as it will be when it starts; `nil` while locked.
    @discardableResult
    private func queueBackup() async -> Task<BackupStatus, Never>? {
        guard let key = await session.key else { return nil }
        return backupRuns.queue { [self] _ in
            let status = await writeBackup(key: key)
            // A vault locked meanwhile shows nothing of its backups.
            store.update { state in
                if state.lock == .unlocked { state.backup.status = status }
            }
            return status
        }
    }

    /// Writes one backup and says how it went.
    private func writeBackup(key: DataKey) async -> BackupStatus {
        let moment = now()
        let saved: (settings: BackupSettings, hasPassword: Bool)
        let password: String?
        let accounts: [SavedAccount]
        let name: String
        do throws(VaultFizzle) {
            saved = try await vault.backupSettings()
            store.update { state in
                guard state.lock == .unlocked else { return }
                state.backup.settings = saved.settings
                state.backup.hasPassword = saved.hasPassword
            }
            guard saved.settings.isOn else { return .off }
            password = try await vault.backupPassword(key: key)
            accounts = try await currentAccounts(key: key)
            name = try await vault.backupName()
        } catch {
            return .failed(.vaultUnreadable, at: moment)
        }
        guard let password else { return .failed(.passwordRequired, at: moment) }
        do throws(BackupFizzle) {
            let path = try await backups.write(
                accounts.map(\.account), password: password, settings: saved.settings, vault: name, at: moment)
            return .written(path: path, at: moment)
        } catch {
            return .failed(error, at: moment)
        }
    }
}
