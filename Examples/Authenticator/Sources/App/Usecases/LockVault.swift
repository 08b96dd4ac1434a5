import AuthenticatorDomain
import Foundation

extension Vessel {
    public var lockVaultAction: LockVaultUsecase { lockVault }

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
