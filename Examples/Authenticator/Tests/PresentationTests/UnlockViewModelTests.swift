import Foundation
@testable import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import KeelTesting
import Testing

@MainActor
@Suite("Unlock and create", .timeLimit(.minutes(5)))
struct UnlockViewModelTests {
    @Test("First launch creates: a short passphrase is refused below the field, then the vault opens and the fields clear")
    func create() async throws {
        let raft = try await Vessel.raft(unlocked: false)
        let model = UnlockViewModel(raft)
        #expect(model.mode == .create)
        #expect(model.title == "Create your vault")
        #expect(!model.canSubmit)
        model.passphrase = "short"
        model.confirmation = "short"
        #expect(model.canSubmit)
        await model.submit()
        #expect(model.message?.description == "The passphrase must have at least 8 characters.")
        model.passphrase = "long passphrase"
        model.confirmation = "long passphrasE"
        await model.submit()
        #expect(model.message == VaultFizzle.passphrasesDiffer.message)
        model.confirmation = "long passphrase"
        await settle { model.send(.submit) }
        #expect(model.message == nil)
        #expect(model.mode == .unlocked)
        #expect(model.passphrase.isEmpty && model.confirmation.isEmpty)
    }

    @Test("Unlocking: a wrong passphrase is said and cleared; the right one opens")
    func unlock() async throws {
        let raft = try await Vessel.raft(accounts: [Account(issuer: "A", name: "b", secret: Secret(bytes: [1, 2, 3]))], unlocked: false)
        let model = UnlockViewModel(raft)
        #expect(model.mode == .unlock)
        #expect(model.hint.description == "Enter the passphrase of your vault.")
        model.passphrase = "wrong passphrase"
        await model.submit()
        #expect(model.message == VaultFizzle.wrongPassphrase.message)
        #expect(model.passphrase.isEmpty)
        #expect(raft.appState.read { $0.lock } == .locked)
        model.passphrase = Vessel.raftPassphrase
        await model.submit()
        #expect(model.mode == .unlocked)
        #expect(!model.isWorking)
        await model.submit()
        #expect(model.message == nil, "nothing to do once unlocked")
    }

    @Test("With the vault open (to another session of a host), a passphrase typed is checked like an unlock try; the backups' state stays")
    func checkWhileOpen() async throws {
        let raft = try await Vessel.raft(accounts: [Account(issuer: "A", name: "b", secret: Secret(bytes: [1, 2, 3]))])
        let failed = BackupStatus.failed(.notWritten(path: "/mnt/backups"), at: Date(timeIntervalSince1970: 1_800_000_000))
        raft.store.update { $0.backup.status = failed }
        let model = UnlockViewModel(raft)
        #expect(model.mode == .unlocked)
        #expect(await model.submit() == false, "an empty passphrase does nothing")
        #expect(model.message == nil)
        model.passphrase = "wrong passphrase"
        #expect(await model.submit() == false)
        #expect(model.message == VaultFizzle.wrongPassphrase.message)
        #expect(model.passphrase.isEmpty)
        model.passphrase = Vessel.raftPassphrase
        #expect(await model.submit() == true)
        #expect(model.message == nil)
        #expect(raft.appState.read { $0.lock } == .unlocked)
        #expect(raft.appState.read { $0.backup.status } == failed, "what the backups' state said stays")
    }

    @Test("A damaged vault set aside at launch is told on this screen")
    func notice() async throws {
        let raft = try await Vessel.raft(unlocked: false)
        let model = UnlockViewModel(raft)
        #expect(model.notice == nil)
        raft.store.update(at: { $0.system.notices }) { $0 = [.damagedFileSetAside(path: "/data/vault.sqlite.damaged")] }
        #expect(model.notice?.description.contains("/data/vault.sqlite.damaged") == true)
        #expect(model.notice?.description.contains("new, empty one") == true)
    }
}
