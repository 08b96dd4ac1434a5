@testable import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import Keel
import KeelTimeline
import KeelTesting
import Testing

/// No secret in a fizzle's message, a logbook entry or a description of the
/// app state, whatever fails.
@Suite("Secrets stay secret in the app", .timeLimit(.minutes(5)))
struct AppSecretLeakTests {
    static let secretText = "JBSWY3DPEHPK3PXPJBSWY3DP"
    static let passphrase = "correct horse battery"

    /// Every form a secret or passphrase could leak in.
    static func forms(of account: Account) -> [String] {
        let base32 = Base32.encode(account.secret.bytes, padding: false)
        return [base32, base32.lowercased(), String(base32.prefix(12)), String(decoding: account.secret.bytes, as: UTF8.self)]
            .filter { $0.count >= 8 }
    }

    @Test("Failure paths of every usecase: no message, log line or state description holds a secret or the passphrase")
    func noLeak() async throws {
        let logbook = MemoryLogbook()
        let known = Account(issuer: "Leak", name: "test", secret: Secret(bytes: try Base32.decode(Self.secretText)))
        let raft = try await Vessel.raft(accounts: [known, Samples.github], passphrase: Self.passphrase, logbook: logbook)
        let id = try #require(raft.appState.read { $0.accounts }.value?.first?.id)
        var texts: [String] = []
        func attempt(_ body: () async throws -> Void) async {
            do {
                try await body()
                Issue.record("a failure path succeeded")
            } catch {
                texts += [(error as? VaultFizzle)?.message.description ?? "", "\(error)", String(reflecting: error)]
            }
        }
        await attempt { _ = try await raft.addAccountAction(known) }
        await attempt { _ = try await raft.addAccountLinkAction("otpauth://totp/Leak:test?secret=\(Self.secretText)1&issuer=Leak") }
        await attempt { _ = try await raft.addAccountLinkAction("otpauth://totp/Leak:test?secret=\(Self.secretText)&digits=12") }
        await attempt { try await raft.editAccountAction(id, AccountEdit(issuer: "", name: "")) }
        await attempt { _ = try await raft.previewImportAction(Data(#"{"db": "\#(Self.secretText)"}"#.utf8), .aegis, "password1") }
        await attempt { _ = try await raft.exportAccountsAction(Self.passphrase, .otpauthText, nil, false) }
        await attempt { _ = try await raft.exportAccountsAction(Self.passphrase, .aegis, "short", false) }
        await attempt { _ = try await raft.exportAccountsAction(Self.passphrase + "x", .otpauthText, nil, true) }
        await attempt { try await raft.changePassphraseAction("wrong one!", "new passphrase", "new passphrase") }
        await attempt { try await raft.applySettingsAction(VaultSettings(timeOffset: 1_000_000)) }
        let report = try await raft.previewImportAction(
            Data("otpauth://totp/X?secret=\(Self.secretText)8\notpauth://totp/Leak:test?secret=\(Self.secretText)&issuer=Leak".utf8),
            .otpauthText, nil)
        texts += report.reasons.map(\.description)
        texts.append("\(report)")
        texts.append("\(raft.appState.state)")
        var dumped = ""
        dump(raft.appState.state, to: &dumped)
        texts.append(dumped)
        await raft.lockVaultAction()
        await attempt { try await raft.unlockVaultAction(Self.passphrase + "x", .owner) }
        await attempt { _ = try await raft.copyCodeAction(id) }
        texts += logbook.entries.map(\.description)
        #expect(texts.count > 20)
        for form in Self.forms(of: known) + Self.forms(of: Samples.github) + [Self.passphrase] {
            for text in texts {
                #expect(!text.contains(form), "a secret leaked into: \(text)")
            }
        }
    }

    @Test("With the timeline on, a secret added, imported and unlocked with shows in no rendering of it")
    @MainActor
    func timeline() async throws {
        let imported = Account(issuer: "Imported", name: "ada", secret: Secret(bytes: Array("imported secret bytes".utf8)))
        let raft = try await Vessel.raft(passphrase: Self.passphrase, timeline: 500)
        _ = try await raft.addAccountLinkAction("otpauth://totp/Leak:test?secret=\(Self.secretText)&issuer=Leak")
        let export = "otpauth://totp/Imported:ada?secret=\(Base32.encode(imported.secret.bytes, padding: false))&issuer=Imported"
        let report = try await raft.previewImportAction(Data(export.utf8), .otpauthText, nil)
        _ = try await raft.applyImportAction(report.newAccounts)
        await raft.lockVaultAction()
        try await raft.unlockVaultAction(Self.passphrase, .owner)

        let viewer = raft.timelineViewer()
        let entries = viewer.timeline.entries
        #expect(entries.contains { $0.description.contains("Leak") }, "the add is in the timeline")
        #expect(entries.contains { $0.description.contains("Imported") }, "the import is in the timeline")
        var renderings = entries.flatMap { entry in
            [entry.description, entry.title] + entry.changes.flatMap { [$0.description, $0.old ?? "", $0.new ?? ""] }
        }
        renderings.append(String(decoding: viewer.exported(), as: UTF8.self))
        renderings.append(String(decoding: raft.appState.timeline.json(), as: UTF8.self))
        let known = Account(issuer: "Leak", name: "test", secret: Secret(bytes: try Base32.decode(Self.secretText)))
        // Also as the bytes a dump would show: `[105, 109, …]`.
        let bytes = [known, imported].map { "\($0.secret.bytes.prefix(6))".dropLast() }.map(String.init)
        for form in Self.forms(of: known) + Self.forms(of: imported) + bytes + [Self.passphrase] {
            for text in renderings {
                #expect(!text.contains(form), "a secret leaked into the timeline: \(text)")
            }
        }
    }
}
