@testable import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import Keel
import KeelTesting
import Testing

/// An export asks the vault's passphrase again: an unlocked vault alone exports nothing.
@Suite("Export asks the passphrase", .timeLimit(.minutes(5)))
struct ExportPassphraseTests {
    @Test("Without the passphrase, or with a wrong one, nothing is exported, and wrong ones count as unlock tries")
    func wrongPassphrase() async throws {
        let clock = ManualClock(Samples.rfcMoment)
        let raft = try await Vessel.raft(accounts: [Samples.github], clock: clock)
        await #expect(throws: VaultFizzle.passphraseRequired) {
            _ = try await raft.exportAccountsAction("", .otpauthText, nil, true)
        }
        for _ in 0..<4 {
            await #expect(throws: VaultFizzle.wrongPassphrase) {
                _ = try await raft.exportAccountsAction("not the passphrase", .aegis, "export password", false)
            }
        }
        // The fourth wrong one starts the delay, for exports and unlocks alike, even with the right passphrase.
        await #expect(throws: VaultFizzle.tryAgainLater(seconds: 1)) {
            _ = try await raft.exportAccountsAction(Vessel.raftPassphrase, .otpauthText, nil, true)
        }
        await raft.lockVaultAction()
        await #expect(throws: VaultFizzle.tryAgainLater(seconds: 1)) { try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner) }
        clock.advance(by: 1)
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        let export = try await raft.exportAccountsAction(Vessel.raftPassphrase, .otpauthText, nil, true)
        #expect(String(decoding: export.pages[0], as: UTF8.self).hasPrefix("otpauth://totp/GitHub"))
    }

    @Test("The form's own mistakes are said before the passphrase is tried, and are not counted")
    func formFirst() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github])
        for _ in 0..<5 {
            await #expect(throws: VaultFizzle.plainExportNotConfirmed) {
                _ = try await raft.exportAccountsAction("not the passphrase", .otpauthText, nil, false)
            }
        }
        _ = try await raft.exportAccountsAction(Vessel.raftPassphrase, .otpauthText, nil, true)
    }
}
