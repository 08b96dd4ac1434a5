import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import KeelTesting
import Testing

@MainActor
@Suite("Add from a link", .timeLimit(.minutes(5)))
struct AccountLinkViewModelTests {
    static let link = "otpauth://totp/Example:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Example"

    @Test("A broken link is refused with its reason; a good one is added and closes the add sheet; the link is never kept")
    func add() async throws {
        let raft = try await Vessel.raft()
        raft.presentSheetAction("tab", .addAccount)
        let model = AccountLinkViewModel(raft, scene: "tab")
        #expect(!model.canAdd)
        model.link = "https://example.com"
        #expect(model.canAdd)
        await settle { model.send(.add) }
        #expect(model.message == VaultFizzle.invalidEntry(.notAnOTPAuthURI).message)
        #expect(model.added == nil)
        #expect(model.link.isEmpty, "a refused link is not kept either")
        #expect(raft.appState.read { $0.routing["tab"].sheet } == .addAccount)
        model.link = Self.link
        await settle { model.send(.add) }
        #expect(model.message == nil)
        #expect(model.added?.account.issuer == "Example")
        #expect(model.link.isEmpty)
        #expect(raft.appState.read { $0.accounts }.value?.map(\.account.name) == ["alice@example.com"])
        #expect(raft.appState.read { $0.routing["tab"].sheet } == nil)
        model.link = Self.link
        await settle { model.send(.add) }
        #expect(model.message == VaultFizzle.duplicate(label: "Example (alice@example.com)").message)
        #expect(!String(describing: model).contains("JBSWY3DPEHPK3PXP"))
    }

    @Test("A locked vault is said to be one")
    func locked() async throws {
        let raft = try await Vessel.raft(unlocked: false)
        let model = AccountLinkViewModel(raft, scene: "tab")
        model.link = Self.link
        await settle { model.send(.add) }
        #expect(model.message == VaultFizzle.locked.message)
        #expect(model.added == nil)
    }
}
