@testable import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import Keel
import KeelTimeline
import KeelTesting
import Testing

/// The vault's life: create, unlock, lock, auto-lock, change the passphrase.
@Suite("Vault usecases", .timeLimit(.minutes(5)))
struct VaultUsecaseTests {
    @Test("Creating refuses a short passphrase and two that differ, then creates and unlocks")
    func create() async throws {
        let raft = try await Vessel.raft(unlocked: false)
        #expect(raft.appState.read { $0.lock } == .noVault)
        await #expect(throws: VaultFizzle.passphraseTooShort(minimum: 8)) { try await raft.createVaultAction("short", "short") }
        await #expect(throws: VaultFizzle.passphrasesDiffer) { try await raft.createVaultAction("long enough", "long enougH") }
        #expect(raft.appState.read { $0.lock } == .noVault)
        try await raft.createVaultAction("long enough", "long enough")
        #expect(raft.appState.read { $0.lock } == .unlocked)
        #expect(raft.appState.read { $0.accounts } == .loaded([]))
        await #expect(throws: VaultFizzle.vaultExists) { try await raft.createVaultAction("long enough", "long enough") }
    }

    @Test("A wrong passphrase changes nothing; the right one loads accounts and settings")
    func unlock() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github], unlocked: false)
        #expect(raft.appState.read { $0.lock } == .locked)
        let before = raft.appState.state
        await #expect(throws: VaultFizzle.wrongPassphrase) { try await raft.unlockVaultAction("not the passphrase", .owner) }
        #expect(raft.appState.state == before)
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        #expect(raft.appState.read { $0.lock } == .unlocked)
        #expect(raft.appState.read { $0.accounts }.value?.map(\.account) == [Samples.github])
    }

    @Test("Repeated wrong passphrases make the next tries wait, growing")
    func slowsDown() async throws {
        let clock = ManualClock()
        let raft = try await Vessel.raft(accounts: [Samples.github], unlocked: false, clock: clock)
        for _ in 1...4 {
            await #expect(throws: VaultFizzle.wrongPassphrase) { try await raft.unlockVaultAction("wrong passphrase", .owner) }
        }
        await #expect(throws: VaultFizzle.tryAgainLater(seconds: 1)) { try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner) }
        clock.advance(by: 1)
        await #expect(throws: VaultFizzle.wrongPassphrase) { try await raft.unlockVaultAction("wrong again", .owner) }
        await #expect(throws: VaultFizzle.tryAgainLater(seconds: 2)) { try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner) }
        clock.advance(by: 2)
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        #expect(raft.appState.read { $0.lock } == .unlocked)
    }

    @Test("Locking forgets the key, the accounts, the settings and every sheet; usecases then refuse")
    func lock() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github])
        try await raft.applySettingsAction(VaultSettings(timeOffset: 5))
        raft.presentSheetAction("tab", .settings)
        await raft.lockVaultAction()
        let state = raft.appState.state
        #expect(state.lock == .locked)
        #expect(state.accounts == .notRequested)
        #expect(state.settings == VaultSettings())
        #expect(state.routing.isEmpty)
        await #expect(throws: VaultFizzle.locked) { _ = try await raft.addAccountAction(Samples.gitlab) }
        await #expect(throws: VaultFizzle.locked) { _ = try await raft.exportAccountsAction(Vessel.raftPassphrase, .otpauthText, nil, true) }
        await #expect(throws: VaultFizzle.locked) { _ = try await raft.previewImportAction(Data(), .otpauthText, nil) }
        raft.presentSheetAction("tab", .settings)
        #expect(raft.appState.read { $0.routing }.isEmpty, "no sheet shows over the unlock screen")
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        #expect(raft.appState.read { $0.settings.timeOffset } == 5, "settings are kept in the vault")
    }

    @Test("The vault locks itself after the idle time of the settings, and never when it is zero")
    func autoLock() async throws {
        let clock = ManualClock()
        let raft = try await Vessel.raft(accounts: [Samples.github], clock: clock)
        try await raft.applySettingsAction(VaultSettings(autoLockMinutes: 2))
        clock.advance(by: 119)
        #expect(await raft.lockIfIdleAction() == false)
        let id = try #require(raft.appState.read { $0.accounts }.value?.first?.id)
        _ = try await raft.copyCodeAction(id)
        clock.advance(by: 119)
        #expect(await raft.lockIfIdleAction() == false, "copying a code is activity")
        clock.advance(by: 1)
        #expect(await raft.lockIfIdleAction() == true)
        #expect(raft.appState.read { $0.lock } == .locked)
        #expect(await raft.lockIfIdleAction() == false, "a locked vault stays locked")

        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        try await raft.applySettingsAction(VaultSettings(autoLockMinutes: 0))
        clock.advance(by: 86_400)
        #expect(await raft.lockIfIdleAction() == false)
    }

    @Test("Changing the passphrase: the current one is checked, the new one follows the rules and then unlocks")
    func changePassphrase() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github])
        await #expect(throws: VaultFizzle.wrongPassphrase) { try await raft.changePassphraseAction("wrong passphrase", "new passphrase", "new passphrase") }
        await #expect(throws: VaultFizzle.passphraseTooShort(minimum: 8)) { try await raft.changePassphraseAction(Vessel.raftPassphrase, "short", "short") }
        await #expect(throws: VaultFizzle.passphrasesDiffer) { try await raft.changePassphraseAction(Vessel.raftPassphrase, "new passphrase", "other passphrase") }
        try await raft.changePassphraseAction(Vessel.raftPassphrase, "new passphrase", "new passphrase")
        await raft.lockVaultAction()
        await #expect(throws: VaultFizzle.wrongPassphrase) { try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner) }
        try await raft.unlockVaultAction("new passphrase", .owner)
        #expect(raft.appState.read { $0.accounts }.value?.map(\.account) == [Samples.github])
    }

    @Test("Settings out of range are refused and not saved")
    func settings() async throws {
        let raft = try await Vessel.raft()
        await #expect(throws: VaultFizzle.invalidSetting(.timeOffset)) { try await raft.applySettingsAction(VaultSettings(timeOffset: 100_000)) }
        #expect(raft.appState.read { $0.settings } == VaultSettings())
        let chosen = VaultSettings(timeOffset: -30, showsNextCode: true, autoLockMinutes: 10, sortOrder: .issuer)
        try await raft.applySettingsAction(chosen)
        #expect(raft.appState.read { $0.settings } == chosen)
    }

    @Test("Sheets belong to a scene; closing a scene forgets it")
    func sheets() async throws {
        let raft = try await Vessel.raft()
        raft.presentSheetAction("a", .addAccount)
        raft.presentSheetAction("b", .export)
        #expect(raft.appState.read { $0.routing["a"].sheet } == .addAccount)
        #expect(raft.appState.read { $0.routing["b"].sheet } == .export)
        raft.presentSheetAction("a", nil)
        #expect(raft.appState.read { $0.routing["a"] } == nil)
        raft.closeSceneAction("b")
        #expect(raft.appState.read { $0.routing }.isEmpty)
    }
}

@Suite("The timeline never undoes a lock", .timeLimit(.minutes(2)))
@MainActor
struct TimelineLockTests {
    @Test("after a lock, rewinding to a moment the vault was open leaves it locked with no accounts; forward too")
    func rewindAfterLock() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github], timeline: 500)
        #expect(raft.appState.state.lock == .unlocked)
        #expect(raft.appState.state.accounts.value?.isEmpty == false)
        let viewer = raft.timelineViewer()
        let open = try #require(raft.appState.timeline.entries.last?.id)
        await raft.lockVaultAction()
        #expect(raft.appState.state.lock == .locked)
        let locked = raft.appState.state.accounts

        for id in [open, 1, 0, open] {
            viewer.send(.rewind(to: id))
            #expect(raft.appState.state.lock == .locked, "after a rewind to \(id)")
            #expect(raft.appState.state.accounts == locked, "after a rewind to \(id)")
        }
        viewer.send(.latest)
        #expect(raft.appState.state.lock == .locked)

        // Open again, a rewind moves the accounts but never the lock.
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        viewer.send(.rewind(to: 0))
        #expect(raft.appState.state.lock == .unlocked)
    }
}
