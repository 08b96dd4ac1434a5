@testable import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import Keel
import KeelTesting
import Testing

/// Previewing and applying imports; exports and what they demand.
@Suite("Import and export usecases", .timeLimit(.minutes(5)))
struct ImportExportUsecaseTests {
    static let links = """
        otpauth://totp/GitHub:ada@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=GitHub
        otpauth://totp/New:one?secret=JBSWY3DPEHPK3PXP&issuer=New
        otpauth://totp/Broken:two?secret=AB1C&issuer=Broken
        """

    @Test("A preview classifies each entry against the vault, and saves nothing")
    func preview() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github])
        let report = try await raft.previewImportAction(Data(Self.links.utf8), .otpauthText, nil)
        #expect(report.newAccounts.map(\.issuer) == ["New"])
        #expect(report.duplicates.map(\.issuer) == ["GitHub"])
        #expect(report.reasons.map(\.description) == ["line 3: the secret contains '1' at position 3, which Base32 does not use"])
        #expect(raft.appState.read { $0.accounts }.value?.count == 1)
    }

    @Test("A file that cannot be read is one error, and nothing changes")
    func previewFails() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github])
        await #expect(throws: VaultFizzle.format(.damaged(format: .aegis))) {
            _ = try await raft.previewImportAction(Data("not json".utf8), .aegis, nil)
        }
    }

    /// Issue 25: an account chosen twice was counted as "already in the vault".
    @Test("Applying adds the chosen accounts in one go, skips those already there and those chosen twice, apart")
    func apply() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github])
        let summary = try await raft.applyImportAction([Samples.github, Samples.gitlab, Samples.gitlab])
        #expect(summary == ImportSummary(added: 1, skipped: 1, repeated: 1))
        #expect(summary.message.description == "Added 1 account; 1 was already in the vault; 1 was a repeat of an account earlier in the import.")
        #expect(raft.appState.read { $0.accounts }.value?.map(\.account) == [Samples.github, Samples.gitlab])
        #expect(try await raft.applyImportAction([]) == ImportSummary(added: 0, skipped: 0))
    }

    @Test("A plain export needs a confirmation; an Aegis export needs a good password")
    func exportRules() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github])
        let passphrase = Vessel.raftPassphrase
        await #expect(throws: VaultFizzle.plainExportNotConfirmed) { _ = try await raft.exportAccountsAction(passphrase, .otpauthText, nil, false) }
        await #expect(throws: VaultFizzle.format(.passwordRequired(format: .aegis))) { _ = try await raft.exportAccountsAction(passphrase, .aegis, nil, false) }
        await #expect(throws: VaultFizzle.format(.passwordRequired(format: .aegis))) { _ = try await raft.exportAccountsAction(passphrase, .aegis, "", false) }
        await #expect(throws: VaultFizzle.passwordTooShort(minimum: 8)) { _ = try await raft.exportAccountsAction(passphrase, .aegis, "short", false) }
        await #expect(throws: VaultFizzle.format(.cannotWrite(format: .twoFAS))) { _ = try await raft.exportAccountsAction(passphrase, .twoFAS, nil, true) }
        let plain = try await raft.exportAccountsAction(passphrase, .otpauthText, nil, true)
        #expect(String(decoding: plain.pages[0], as: UTF8.self).hasPrefix("otpauth://totp/GitHub"))
        // An Aegis vault without a password, confirmed plain, is a plain vault.
        let plainVault = try await raft.exportAccountsAction(passphrase, .aegis, nil, true)
        let vault = try JSONSerialization.jsonObject(with: plainVault.pages[0]) as? [String: Any]
        let entries = (vault?["db"] as? [String: Any])?["entries"] as? [[String: Any]]
        #expect(entries?.map { $0["issuer"] as? String } == ["GitHub"])
    }

    @Test("An encrypted export imports into another vault with the same codes", arguments: [ImportFormat.aegis, .googleMigration])
    func roundTrip(format: ImportFormat) async throws {
        let clock = ManualClock(Samples.rfcMoment)
        let first = try await Vessel.raft(accounts: [Samples.github, Samples.gitlab, try Samples.bank], clock: clock)
        let password = format == .aegis ? "export password" : nil
        let export = try await first.exportAccountsAction(Vessel.raftPassphrase, format, password, format != .aegis)
        let data = format == .googleMigration
            ? Data(export.pages.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n").utf8)
            : export.pages[0]
        let second = try await Vessel.raft(clock: clock)
        if format == .aegis {
            await #expect(throws: VaultFizzle.format(.wrongPassword(format: .aegis))) {
                _ = try await second.previewImportAction(data, format, "wrong password")
            }
        }
        let report = try await second.previewImportAction(data, format, password)
        #expect(try await second.applyImportAction(report.newAccounts).added == 3)
        let codes = { (raft: Vessel) in (raft.appState.read { $0.accounts }.value ?? []).map { raft.makeCodeAction($0.account, clock.now()).text } }
        #expect(codes(second) == codes(first))
    }
}
