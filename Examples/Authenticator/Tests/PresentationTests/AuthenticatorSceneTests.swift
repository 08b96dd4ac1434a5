import AuthenticatorApp
import AuthenticatorDomain
@testable import AuthenticatorPresentation
import AuthenticatorTesting
import Foundation
import KeelTesting
import Testing

/// A window's scene makes its view models once, hands the same ones back
/// however often a view asks (SwiftUI makes views again at every pass), and
/// lets each go with its screen.
@MainActor
@Suite("The scene of a window", .timeLimit(.minutes(5)))
struct AuthenticatorSceneTests {
    static let rfcSecret = Secret(bytes: Array("12345678901234567890".utf8))
    static let github = Account(issuer: "GitHub", name: "ada@example.com", secret: rfcSecret)
    static var counter: Account {
        get throws {
            Account(issuer: "Counter", name: "c", secret: rfcSecret, parameters: try OTPParameters(kind: .hotp, counter: 0))
        }
    }

    @Test("The list is made once while the vault is open: asking again makes no code")
    func listOnce() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github], clock: ManualClock(Date(timeIntervalSince1970: 59)))
        let scene = await AuthenticatorScene(raft, id: "window-1")
        #expect(scene.isUnlocked)
        let list = scene.list()
        #expect(list.rows.first?.code == "287 082")
        let made = list.codesMade
        for _ in 0..<5 {
            #expect(scene.list() === list)
            #expect(scene.list().rows.count == 1)
        }
        #expect(list.codesMade == made)
        list.send(.present(.settings))
        #expect(raft.appState.read { $0.routing["window-1"].sheet } == .settings, "the list works in the scene's id")
    }

    @Test("The list goes when the vault locks, and with it a counter's code it showed")
    func listGoesWhenLocked() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github, try Self.counter])
        let scene = await AuthenticatorScene(raft)
        weak var first: AccountListViewModel?
        first = scene.list()
        let counter = try #require(scene.list().rows.last)
        await settle { scene.list().send(.copy(counter.id)) }
        #expect(scene.list().rows.last?.code == "755 224")
        let letGo = scene.letGo
        await raft.lockVaultAction()
        #expect(!scene.isUnlocked)
        await waitUntil { scene.letGo > letGo }
        #expect(first == nil)
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        #expect(scene.list().rows.count == 2)
        #expect(scene.list().rows.last?.title == "Counter")
        #expect(scene.list().rows.last?.code == nil, "a new unlock shows no code made before it")
    }

    @Test("A sheet's view model is kept while its sheet shows and goes when the scene closes it")
    func sheetThroughTheScene() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github])
        let scene = await AuthenticatorScene(raft)
        scene.present(.export)
        weak var exporter: ExportViewModel?
        exporter = scene.exporter()
        for _ in 0..<3 { #expect(scene.exporter() === exporter) }
        scene.exporter().password = "typed export password"
        scene.dismissSheet()
        #expect(scene.sheet == nil)
        #expect(exporter == nil, "closed: what it held goes with it")
        scene.present(.export)
        #expect(scene.exporter().password.isEmpty, "opened again: a new one")
    }

    @Test("A sheet closed another way (a swipe through the list, another sheet) lets its view model go too")
    func sheetClosedElsewhere() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github])
        let scene = await AuthenticatorScene(raft)
        scene.list().send(.present(.importAccounts))
        weak var importer: ImportViewModel?
        importer = scene.importer()
        scene.importer().text = "otpauth://totp/Example:ada?secret=GEZDGNBVGY3TQOJQ"
        #expect(importer != nil)
        let letGo = scene.letGo
        scene.list().send(.present(nil))
        await waitUntil { scene.letGo > letGo }
        #expect(importer == nil)
        scene.list().send(.present(.importAccounts))
        #expect(scene.importer().text.isEmpty)
        weak var second: ImportViewModel?
        second = scene.importer()
        let replaced = scene.letGo
        scene.list().send(.present(.export))
        await waitUntil { scene.letGo > replaced }
        #expect(second == nil, "another sheet replaced it")
    }

    @Test("A sheet its own view model closes (the passphrase changed) lets that view model go")
    func sheetClosedByItsModel() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github])
        let scene = await AuthenticatorScene(raft)
        scene.present(.changePassphrase)
        weak var passphrase: ChangePassphraseViewModel?
        passphrase = scene.passphrase()
        scene.passphrase().current = Vessel.raftPassphrase
        scene.passphrase().new = "new passphrase"
        scene.passphrase().confirmation = "new passphrase"
        let letGo = scene.letGo
        await settle { scene.passphrase().send(.submit) }
        #expect(scene.sheet == nil, "it closed this scene's sheet")
        await waitUntil { scene.letGo > letGo }
        #expect(passphrase == nil)
    }

    @Test("Each scene's sheets are its own: one scene's list, sheet and closing touch no other")
    func scenesApart() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github])
        let first = await AuthenticatorScene(raft)
        let second = await AuthenticatorScene(raft)
        #expect(first.id != second.id)
        first.list().send(.present(.settings))
        second.present(.changePassphrase)
        #expect(first.sheet == .settings)
        #expect(first.list().sheet == .settings)
        #expect(second.list().sheet == .changePassphrase)
        first.dismissSheet()
        #expect(first.sheet == nil)
        #expect(second.sheet == .changePassphrase)
        first.present(.export)
        first.close()
        #expect(raft.appState.read { $0.routing[first.id] } == nil)
        #expect(second.sheet == .changePassphrase)
    }
}

@Suite("Code ticks")
struct CodeTicksTests {
    @Test("A tick falls on the very second each code changes, whatever the period and the time offset")
    func ticksOnChanges() {
        for period in [1, 10, 30, 45, 60, 90, 300] {
            for offset in [-86_400, -17, 0, 1, 3_600, 86_400] {
                for step in [Int64(0), 1, 56_666_666] {
                    // Device time at which (time + offset) reaches step × period: the code changes.
                    let change = Date(timeIntervalSince1970: Double(step) * Double(period) - Double(offset))
                    let ticks = change.timeIntervalSince(CodeTicks.start) / CodeTicks.interval
                    #expect(ticks == ticks.rounded(), "period \(period), offset \(offset): a change between two ticks")
                    let before = change.addingTimeInterval(-CodeTicks.interval)
                    #expect(CodeClock(moment: change, offset: offset).step(of: period) == step)
                    #expect(CodeClock(moment: before, offset: offset).step(of: period) == step - 1)
                }
            }
        }
    }
}
