import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import Foundation
import Keel
import Testing

/// The settings and edit forms, and the code clock.
@Suite("View states", .timeLimit(.minutes(5)))
struct ViewStateTests {
    @Test("The code clock: the step, the seconds left and the fraction, offset applied")
    func clock() {
        let clock = CodeClock(moment: Date(timeIntervalSince1970: 59), offset: 0)
        #expect(clock.step(of: 30) == 1)
        #expect(clock.secondsLeft(in: 30) == 1)
        #expect(CodeClock(moment: Date(timeIntervalSince1970: 60), offset: 0).secondsLeft(in: 30) == 30)
        #expect(CodeClock(moment: Date(timeIntervalSince1970: 45), offset: 0).fractionLeft(in: 30) == 0.5)
        let shifted = CodeClock(moment: Date(timeIntervalSince1970: 59), offset: 1)
        #expect(shifted.step(of: 30) == 2)
        #expect(shifted.secondsLeft(in: 30) == 30)
        #expect(CodeClock(moment: Date(timeIntervalSince1970: 10), offset: -20).step(of: 30) == -1, "before 1970 with an offset")
    }

    @Test("The code clock at moments past 2^63 periods (a --time far out) takes the last step, without trapping")
    func clockFarOut() {
        let far = CodeClock(moment: Date(timeIntervalSince1970: TimeInterval(Int64.max)), offset: 86_400)
        #expect(far.step(of: 1) == .max)
        #expect((1...30).contains(far.secondsLeft(in: 1)))
        #expect((0...1).contains(far.fractionLeft(in: 1)))
        let early = CodeClock(moment: Date(timeIntervalSince1970: TimeInterval(Int64.min)), offset: -86_400)
        #expect(early.step(of: 1) == .min)
        #expect(early.secondsLeft(in: 1) == 1)
        let beyond = CodeClock(moment: Date(timeIntervalSince1970: 1e300), offset: 0)
        #expect(beyond.step(of: 30) == .max)
        #expect((1...30).contains(beyond.secondsLeft(in: 30)))
        #expect((0...1).contains(beyond.fractionLeft(in: 30)))
    }

    @Test("Settings: the offset must be a whole number; ranges come from the vault's rules")
    func settingsForm() throws {
        var form = SettingsViewState(VaultSettings(timeOffset: -15, showsNextCode: true, autoLockMinutes: 10, sortOrder: .issuer))
        #expect(form.timeOffset == "-15")
        #expect(form.validate() == VaultSettings(timeOffset: -15, showsNextCode: true, autoLockMinutes: 10, sortOrder: .issuer))
        form.timeOffset = "+20"
        #expect(form.validate()?.timeOffset == 20)
        form.timeOffset = "ten"
        #expect(form.validate() == nil)
        #expect(form.message == "The time offset is a whole number of seconds, such as -30 or 15.")
        form.timeOffset = "100000"
        #expect(form.validate() == nil)
        #expect(form.message == VaultFizzle.invalidSetting(.timeOffset).message)
        let catalog = try AuthenticatorStrings.catalog()
        #expect(catalog.string(SettingsViewState.title(ofAutoLock: 0), language: "en") == "Never")
        #expect(catalog.string(SettingsViewState.title(ofAutoLock: 1), language: "en") == "1 minute")
        #expect(catalog.string(SettingsViewState.title(ofAutoLock: 5), language: "en") == "5 minutes")
        #expect(catalog.string(SettingsViewState.title(ofAutoLock: 5), language: "ko") == "5분")
    }

    @Test("Settings apply through the container; a locked vault's refusal is the message")
    func settingsApply() async throws {
        let raft = try await Vessel.raft()
        var form = SettingsViewState(raft.appState.read { $0.settings })
        form.showsNextCode = true
        #expect(await form.apply(to: raft) == nil)
        #expect(raft.appState.read { $0.settings.showsNextCode })
        form.timeOffset = "x"
        #expect(await form.apply(to: raft) != nil)
        await raft.lockVaultAction()
        form.timeOffset = "0"
        #expect(await form.apply(to: raft) == VaultFizzle.locked.message)
    }

    @Test("The edit form: names trimmed, tags split by commas, an empty account refused")
    func editForm() async throws {
        let raft = try await Vessel.raft(accounts: [Account(issuer: "GitHub", name: "ada", secret: Secret(bytes: Array(repeating: 7, count: 10)), groups: ["work"])])
        let saved = try #require(raft.appState.read { $0.accounts }.value?.first)
        var form = AccountEditState(saved)
        #expect(form.tags == "work")
        form.tags = " work, code ,, "
        form.issuer = " GitHub "
        #expect(form.tagList == ["work", "code"])
        #expect(await form.apply(to: raft) == nil)
        let edited = try #require(raft.appState.read { $0.accounts }.value?.first)
        #expect(edited.account.issuer == "GitHub")
        #expect(edited.tags == ["work", "code"])
        form.issuer = ""
        form.name = " "
        #expect(await form.apply(to: raft) == "Enter the service or the account name (or both).")
        form.issuer = "a:b"
        #expect(form.validate() == nil)
        form.issuer = "Fine"
        await raft.lockVaultAction()
        #expect(await form.apply(to: raft) == VaultFizzle.locked.message)
    }
}
