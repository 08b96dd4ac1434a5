import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import KeelTesting
import Testing

@MainActor
@Suite("Change passphrase", .timeLimit(.minutes(5)))
struct ChangePassphraseViewModelTests {
    @Test("Rules first, then the current passphrase is checked; success closes the sheet")
    func change() async throws {
        let raft = try await Vessel.raft()
        raft.presentSheetAction("tab", .changePassphrase)
        let model = ChangePassphraseViewModel(raft, scene: "tab")
        #expect(!model.canSubmit)
        model.current = "wrong passphrase"
        model.new = "short"
        model.confirmation = "short"
        await settle { model.send(.submit) }
        #expect(model.message == VaultFizzle.passphraseTooShort(minimum: 8).message)
        model.new = "new passphrase"
        model.confirmation = "new passphrasE"
        await settle { model.send(.submit) }
        #expect(model.message == VaultFizzle.passphrasesDiffer.message)
        model.confirmation = "new passphrase"
        await settle { model.send(.submit) }
        #expect(model.message == VaultFizzle.wrongPassphrase.message)
        #expect(model.current.isEmpty)
        model.current = Vessel.raftPassphrase
        #expect(model.canSubmit)
        await settle { model.send(.submit) }
        #expect(model.isDone)
        #expect(model.message == nil)
        #expect(raft.appState.read { $0.routing["tab"] } == nil)
        await raft.lockVaultAction()
        try await raft.unlockVaultAction("new passphrase", .owner)
    }
}
