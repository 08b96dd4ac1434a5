import AuthenticatorDomain
import Foundation

extension Vessel {
    public var lockIfIdleAction: LockIfIdleUsecase { lockIfIdle }

    func lockIfIdle() async -> Bool {
        let state = store.state
        let (lock, minutes, lastActivity) = (state.lock, state.settings.autoLockMinutes, state.system.lastActivity)
        guard lock == .unlocked, minutes > 0 else { return false }
        if let lastActivity, clock.now().timeIntervalSince(lastActivity) < TimeInterval(minutes) * 60 {
            return false
        }
        await lockVault()
        return true
    }
}
