@testable import AuthenticatorApp
import AuthenticatorData
import AuthenticatorDomain
import Foundation
import GRDB
import Keel
import KeelTesting
import Testing

/// Two containers on one data directory, as a server and the command line
/// (or two servers) are: what leaves one of them comes from the vault, not
/// from what it read when it unlocked.
@Suite("Two containers on one vault", .timeLimit(.minutes(5)))
struct SharedVaultTests {
    static let passphrase = "shared vault passphrase"

    /// Two vessels on a new vault in a temporary directory, both unlocked; removed afterwards.
    static func withTwoVessels(_ body: (Vessel, Vessel, URL) async throws -> Void) async throws {
        let directory = try VesselTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await Vessel(phase: .device, dataDirectory: directory, logbook: MemoryLogbook())
        try await first.createVaultAction(Self.passphrase, Self.passphrase)
        let second = try await Vessel(phase: .device, dataDirectory: directory, logbook: MemoryLogbook())
        try await second.unlockVaultAction(Self.passphrase, .owner)
        try await body(first, second, directory)
    }

    @Test("An export holds the accounts another container added after this one unlocked")
    func exportReadsTheVault() async throws {
        try await Self.withTwoVessels { first, second, _ in
            _ = try await first.addAccountAction(Samples.github)
            // The second container unlocked before this one added: its state does not hold it.
            _ = try await second.addAccountAction(Samples.gitlab)
            let export = try await second.exportAccountsAction(Self.passphrase, .otpauthText, nil, true)
            let text = String(decoding: export.pages[0], as: UTF8.self)
            #expect(text.contains("otpauth://totp/GitHub"), "the other container's account")
            #expect(text.contains("otpauth://totp/GitLab"))
            // The state follows what the export read.
            #expect(second.appState.read { $0.accounts }.value?.map(\.account) == [Samples.github, Samples.gitlab])
        }
    }

    @Test("One account added from two containers at the same moment: one account, and the other is told it is already there")
    func simultaneousAdds() async throws {
        try await Self.withTwoVessels { first, second, _ in
            let add = { @Sendable (vessel: Vessel) async -> Result<SavedAccount, VaultFizzle> in
                do throws(VaultFizzle) { return .success(try await vessel.addAccountAction(Samples.github)) } catch { return .failure(error) }
            }
            async let one = add(first)
            async let two = add(second)
            let outcomes = await [one, two]
            #expect(outcomes.count { (try? $0.get()) != nil } == 1)
            #expect(outcomes.count { $0 == .failure(.duplicate(label: Samples.github.label)) } == 1)
            let accounts = try await first.exportAccountsAction(Self.passphrase, .otpauthText, nil, true).pages[0]
            #expect(String(decoding: accounts, as: UTF8.self).split(separator: "\n").count == 1)
        }
    }

    @Test("An account the other container adds shows in this one's list, with no action here")
    func otherContainersAddShows() async throws {
        try await Self.withTwoVessels { first, second, _ in
            _ = try await first.addAccountAction(Samples.github)
            await waitUntil { second.appState.read { $0.accounts }.value?.map(\.account) == [Samples.github] }
            try await first.deleteAccountAction(try #require(first.appState.read { $0.accounts }.value?.first?.id))
            await waitUntil { second.appState.read { $0.accounts }.value == [] }
        }
    }

    @Test("A vault damaged under an open list: the list keeps what it showed, with the failure, and actions still return")
    func damagedUnderTheList() async throws {
        try await Self.withTwoVessels { first, _, directory in
            let github = try await first.addAccountAction(Samples.github)
            // Another connection (another process) leaves a secret that no longer opens.
            let queue = try DatabaseQueue(path: Vessel.vaultFile(in: directory).path)
            try await queue.write { db in try db.execute(sql: "UPDATE account SET sealedSecret = x'00'") }
            try queue.close()
            await waitUntil { first.appState.read { $0.accounts }.error != nil }
            let accounts = first.appState.read { $0.accounts }
            #expect(accounts.error as? VaultFizzle == .storageFailed)
            #expect(accounts.value == [github])
            // The list follows the vault no more: an action does not wait for it.
            try await first.favouriteAccountAction(github.id, true)
        }
    }

    @Test("A counter used from two containers moves once per use: no code is handed out twice")
    func counterFromTwoContainers() async throws {
        try await Self.withTwoVessels { first, second, _ in
            let saved = try await first.addAccountAction(try Samples.bank)
            try await second.unlockVaultAction(Self.passphrase, .owner)
            var codes: [String] = []
            for _ in 0..<3 { codes.append(try await first.copyCodeAction(saved.id).text) }
            for _ in 0..<3 { codes.append(try await second.copyCodeAction(saved.id).text) }
            // RFC 4226's codes for the counters 0 to 5.
            #expect(codes == ["755224", "287082", "359152", "969429", "338314", "254676"])
            let counter = { (vessel: Vessel) in vessel.appState.read { $0.accounts }.value?.first?.account.parameters.counter }
            #expect(counter(second) == 6)
            // An edit from the first container's copy keeps the counter the vault has.
            try await first.editAccountAction(saved.id, AccountEdit(issuer: "Bank", name: "émile"))
            await second.lockVaultAction()
            try await second.unlockVaultAction(Self.passphrase, .owner)
            #expect(counter(second) == 6)
        }
    }

    @Test("A passphrase changed by the other container meanwhile: this change says so, the other one holds")
    func passphraseChangedElsewhere() async throws {
        try await Self.withTwoVessels { first, second, _ in
            try await first.changePassphraseAction(Self.passphrase, "the first one's new", "the first one's new")
            // The second, still unlocked, changes from the passphrase it knows: it no longer opens the vault.
            await #expect(throws: VaultFizzle.wrongPassphrase) {
                try await second.changePassphraseAction(Self.passphrase, "the second one's", "the second one's")
            }
            await first.lockVaultAction()
            try await first.unlockVaultAction("the first one's new", .owner)
        }
    }
}
