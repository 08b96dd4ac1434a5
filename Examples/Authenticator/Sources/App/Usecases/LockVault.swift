import AuthenticatorDomain
import Foundation

extension Vessel {
    public var lockVaultAction: LockVaultUsecase { lockVault }

    /// Action: locks the vault: forgets the data key, the accounts, the
    /// settings read from the vault and every sheet.
    func lockVault() async {
        following.withLock { running in
            running?.cancel()
            running = nil
        }
        await session.forget()
        store.update { state in
            guard state.lock == .unlocked else { return }
            state.lock = .locked
            state.accounts = .notRequested
            state.settings = VaultSettings()
            state.backup = BackupState()
            state.routing = [:]
        }
    }
}
