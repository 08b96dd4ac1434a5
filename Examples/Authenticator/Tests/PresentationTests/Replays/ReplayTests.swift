import AuthenticatorApp
import AuthenticatorData
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import Foundation
import Keel
import KeelTesting
import KeelTimeline
import Testing

@Suite("Replays: a session the timeline recorded, played again as a test", .timeLimit(.minutes(1)))
@MainActor
struct ReplayTests {
    static let passphrase = "my own passphrase, typed"
    static let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

    /// Records a session with the real clock: the vault created, an account
    /// added from a link, favoured, its code copied, the vault locked.
    func recordedSession() async throws -> String {
        let raft = try await firstStart(now: { Date() })
        let unlock = UnlockViewModel(raft)
        unlock.passphrase = Self.passphrase
        unlock.confirmation = Self.passphrase
        await settle { unlock.send(.submit) }
        var made: AuthenticatorScene?
        _ = OwnedTasks.tasks { made = AuthenticatorScene(service: raft, id: "tab-0a1b2c3d") }
        let scene = try #require(made)
        scene.present(.addAccount)
        let adder = scene.linkAdder()
        adder.link = "otpauth://totp/Replay:ada?secret=\(Self.secret)&issuer=Replay&digits=8"
        await settle { adder.send(.add) }
        let list = scene.list()
        let id = try #require(raft.appState.read { $0.accounts }.value?.first?.id)
        await settle { list.send(.favourite(id, true)) }
        await settle { list.send(.copy(id)) }
        await settle { list.send(.lock) }
        return String(decoding: raft.appState.timeline.json(), as: UTF8.self)
    }

    @Test("a recorded session replays with a passphrase and a secret of its own: the same updates, in the same order")
    func replays() async throws {
        try await replayRecorded(try await recordedSession())
    }

    @Test("a record, and the test saved from it, hold the session's events but neither the passphrase nor the secret")
    func noSecret() async throws {
        let json = try await recordedSession()
        let source = try Timeline(json: Data(json.utf8)).testFile().source
        for text in [json, source] {
            #expect(!text.contains(Self.passphrase))
            #expect(!text.contains(Self.secret))
            #expect(!text.contains("secret="))
            #expect(text.contains("LinkAdded(link:") && text.contains("issuer=Replay") && text.contains("favourite("))
        }
    }

    @Test("an importer that reads links otherwise makes the replay fail where the account was added, with both")
    func namesTheFirstDifference() async throws {
        try await expectFailureWhereTheAccountWasAdded(try await recordedSession())
    }

    @Test(
        "a session recorded in a browser and saved by the browser suite replays, and fails where the account was added with another importer",
        .enabled(if: ProcessInfo.processInfo.environment["AUTHENTICATOR_REPLAY_JSON"] != nil, "run by Scripts/e2e-authenticator.sh"))
    func browserSession() async throws {
        let file = try #require(ProcessInfo.processInfo.environment["AUTHENTICATOR_REPLAY_JSON"])
        let json = try String(contentsOfFile: file, encoding: .utf8)
        try await replayRecorded(json)
        try await expectFailureWhereTheAccountWasAdded(json)
    }

    /// Replays `json` with an importer that names the issuer otherwise: the
    /// replay must fail at the entry that put the account in the list, naming both.
    private func expectFailureWhereTheAccountWasAdded(_ json: String) async throws {
        let record = try Timeline(json: Data(json.utf8))
        let added = try #require(record.entries.first { $0.changes.contains { $0.path == "accounts.loaded[0]" } })
        let failure = await #expect(throws: ReplayFailure.self) {
            try await replayRecorded(json, importer: RenamingImporter())
        }
        guard case let .differs(entry, recorded, replayed?) = failure else {
            Issue.record("expected the added account to differ, got \(String(describing: failure))")
            return
        }
        #expect(entry == added.id)
        #expect(recorded.changes.first?.new?.contains("Account(Replay (ada)") == true)
        #expect(replayed.changes.first?.new?.contains("Account(Replay (renamed) (ada)") == true)
        #expect(failure?.description.contains("Entry \(added.id) differs (recorded → replayed)") == true)
    }
}

/// An importer that reads a link's issuer otherwise: a worker whose
/// behaviour changed, as a regression would change it.
private struct RenamingImporter: ImportWork {
    let base = FormatWorker(logbook: MemoryLogbook(), aegisCost: .demo)

    func read(_ data: Data, as format: ImportFormat, password: String?, existing: [Account]) throws(ImportFizzle) -> ImportReport {
        try base.read(data, as: format, password: password, existing: existing)
    }

    func readLink(_ link: String) throws(EntryFizzle) -> Account {
        var account = try base.readLink(link)
        account.issuer += " (renamed)"
        return account
    }
}
