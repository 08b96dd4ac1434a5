@testable import AuthenticatorApp
import AuthenticatorData
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import Keel
import KeelTesting
import Testing

/// Automatic backups: configured, written after every change from the vault
/// as it is, and a failure that is never silent.
@Suite("Backup usecases", .timeLimit(.minutes(5)))
struct BackupUsecaseTests {
    static let password = "backups password"

    /// A new empty folder, removed afterwards.
    static func inFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backups-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    /// The accounts of the newest backup in `folder`.
    static func newest(in folder: URL) throws -> [Account] {
        let name = try #require(BackupWorker.backups(in: folder).last)
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        return try AegisVault.read(data, password: password, existing: []).rows.compactMap { row in
            if case .new(let account) = row.outcome { return account }
            return nil
        }
    }

    @Test("Two vaults backed up into one folder each keep their own backups: the file each one's state names is there")
    func twoVaultsOneFolder() async throws {
        try await Self.inFolder { folder in
            let clock = ManualClock(Samples.rfcMoment)
            let first = try await Vessel.raft(accounts: [Samples.github], clock: clock)
            let second = try await Vessel.raft(accounts: [Samples.github], clock: clock)
            for raft in [first, second] {
                _ = try await raft.configureBackupsAction(BackupSettings(folder: folder.path, kept: 1), Self.password)
            }
            for _ in 0..<3 {
                for raft in [first, second] {
                    clock.advance(by: 1)
                    let status = await raft.backUpNowAction()
                    if case .written = status {} else { Issue.record("not written: \(status)") }
                }
            }
            for raft in [first, second] {
                guard case .written(let path, _) = raft.appState.read({ $0.backup.status }) else {
                    Issue.record("no backup written")
                    continue
                }
                #expect(FileManager.default.fileExists(atPath: path), "\(path)")
            }
            #expect(BackupWorker.backups(in: folder).count == 2)
        }
    }

    @Test("Turned on, a first backup is written at once; every change writes one holding the vault as it is")
    func afterEveryChange() async throws {
        try await Self.inFolder { folder in
            let clock = ManualClock(Samples.rfcMoment)
            let raft = try await Vessel.raft(accounts: [Samples.github], clock: clock)
            #expect(raft.appState.read { $0.backup } == BackupState())
            let status = try await raft.configureBackupsAction(BackupSettings(folder: folder.path, kept: 20), Self.password)
            guard case .written(let path, _) = status else { Issue.record("not written: \(status)"); return }
            #expect(raft.appState.read { $0.backup.status } == status)
            #expect(raft.appState.read { $0.backup.hasPassword })
            #expect(try Self.newest(in: folder) == [Samples.github])
            #expect(path.hasPrefix(folder.path))

            func step(_ change: () async throws -> Void) async throws -> [Account] {
                clock.advance(by: 1)
                let before = BackupWorker.backups(in: folder).count
                try await change()
                await raft.backupsWritten()
                #expect(BackupWorker.backups(in: folder).count == before + 1, "one backup per change")
                return try Self.newest(in: folder)
            }
            let gitlab = try await step { _ = try await raft.addAccountAction(Samples.gitlab) }
            #expect(gitlab == [Samples.github, Samples.gitlab])
            let bank = try Samples.bank
            #expect(try await step { _ = try await raft.applyImportAction([bank]) }.count == 3)
            let ids = raft.appState.read { $0.accounts }.value?.map(\.id) ?? []
            let counted = try await step { _ = try await raft.copyCodeAction(ids[2]) }
            #expect(counted[2].parameters.counter == 1, "a counter used is a change")
            let renamed = try await step { try await raft.editAccountAction(ids[0], AccountEdit(issuer: "Hub", name: "ada")) }
            #expect(renamed[0].issuer == "Hub")
            #expect(try await step { try await raft.tagAccountAction(ids[0], ["x"]) }[0].groups == ["x"])
            #expect(try await step { try await raft.reorderAccountsAction([ids[1]]) }.first?.issuer == "GitLab")
            #expect(try await step { try await raft.deleteAccountAction(ids[1]) }.count == 2)
            #expect(try await step { _ = try await raft.undoDeleteAction() }.count == 3)
            _ = try await step { try await raft.favouriteAccountAction(ids[0], true) }
            // A time-based code copied changes nothing a backup holds: no backup.
            let count = BackupWorker.backups(in: folder).count
            _ = try await raft.copyCodeAction(ids[0])
            #expect(BackupWorker.backups(in: folder).count == count)
        }
    }

    @Test("Settings and password are kept in the vault; off stops the backups; the password is required once")
    func configure() async throws {
        try await Self.inFolder { folder in
            let raft = try await Vessel.raft(accounts: [Samples.github])
            await #expect(throws: VaultFizzle.backup(.passwordRequired)) {
                _ = try await raft.configureBackupsAction(BackupSettings(folder: folder.path), nil)
            }
            await #expect(throws: VaultFizzle.passwordTooShort(minimum: 8)) {
                _ = try await raft.configureBackupsAction(BackupSettings(folder: folder.path), "short")
            }
            await #expect(throws: VaultFizzle.backup(.folderNotAbsolute)) {
                _ = try await raft.configureBackupsAction(BackupSettings(folder: "here"), Self.password)
            }
            // A NUL would cut the path short (the backup going to its parent); a line break forges lines.
            for cut in ["\u{0}elsewhere", "\nsecond line"] {
                await #expect(throws: VaultFizzle.backup(.folderHasControlCharacter)) {
                    _ = try await raft.configureBackupsAction(BackupSettings(folder: folder.path + cut), Self.password)
                }
            }
            #expect(BackupWorker.backups(in: folder).isEmpty, "nothing saved, nothing written")
            #expect(BackupWorker.backups(in: folder.deletingLastPathComponent()).isEmpty)
            _ = try await raft.configureBackupsAction(BackupSettings(folder: folder.path, kept: 2), Self.password)
            // Locking forgets them; unlocking reads them back, password included.
            await raft.lockVaultAction()
            #expect(raft.appState.read { $0.backup } == BackupState())
            #expect(await raft.backUpNowAction() == .off, "nothing while locked")
            try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
            #expect(raft.appState.read { $0.backup } == BackupState(
                settings: BackupSettings(folder: folder.path, kept: 2), hasPassword: true, status: .waiting))
            // Kept: the newest two only. A new setting without a password keeps the saved one.
            for _ in 0..<3 { _ = await raft.backUpNowAction() }
            #expect(BackupWorker.backups(in: folder).count == 2)
            _ = try await raft.configureBackupsAction(BackupSettings(folder: folder.path, kept: 3), nil)
            #expect(try Self.newest(in: folder) == [Samples.github])
            // Off: no more backups; those written stay.
            #expect(try await raft.configureBackupsAction(BackupSettings(folder: nil, kept: 3), nil) == .off)
            _ = try await raft.addAccountAction(Samples.gitlab)
            #expect(BackupWorker.backups(in: folder).count == 3)
            #expect(await raft.backUpNowAction() == .off)
        }
    }

    @Test("A backup that fails is in the state for every screen, the change stands, and the next good one clears it")
    func failureIsShown() async throws {
        try await Self.inFolder { folder in
            let raft = try await Vessel.raft(accounts: [Samples.github])
            _ = try await raft.configureBackupsAction(BackupSettings(folder: folder.path, kept: 5), Self.password)
            // The folder becomes a file: no backup can be written there.
            try FileManager.default.removeItem(at: folder)
            try Data("in the way".utf8).write(to: folder)
            _ = try await raft.addAccountAction(Samples.gitlab)
            #expect(raft.appState.read { $0.accounts }.value?.count == 2, "the change stands")
            // The backup follows the change, after its answer.
            await raft.backupsWritten()
            let status = raft.appState.read { $0.backup.status }
            guard case .failed(.folderUnusable(let path), _) = status else { Issue.record("\(status)"); return }
            #expect(path == folder.path)
            #expect(status.warning?.description.contains("The automatic backup failed") == true)
            try FileManager.default.removeItem(at: folder)
            guard case .written = await raft.backUpNowAction() else { Issue.record("not written"); return }
            #expect(raft.appState.read { $0.backup.status }.warning == nil)
            #expect(try Self.newest(in: folder) == [Samples.github, Samples.gitlab])
        }
    }

    @Test("Backups asked for at once are written one after another; those not started yet are shared")
    func serialized() async throws {
        try await Self.inFolder { folder in
            let raft = try await Vessel.raft(accounts: [Samples.github])
            _ = try await raft.configureBackupsAction(BackupSettings(folder: folder.path, kept: 100), Self.password)
            let statuses = await withTaskGroup(of: BackupStatus.self) { group in
                for _ in 0..<8 { group.addTask { await raft.backUpNowAction() } }
                return await group.reduce(into: [BackupStatus]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { if case .written = $0 { true } else { false } })
            let written = BackupWorker.backups(in: folder).count
            #expect(written >= 3 && written <= 9, "the first, and at most one per request, at least a shared one")
        }
    }

    @Test("The backups' password never shows in the state, a description or the logbook")
    func noLeak() async throws {
        try await Self.inFolder { folder in
            let logbook = MemoryLogbook()
            let raft = try await Vessel.raft(accounts: [Samples.github], logbook: logbook)
            _ = try await raft.configureBackupsAction(BackupSettings(folder: folder.path), Self.password)
            try FileManager.default.removeItem(at: folder)
            try Data().write(to: folder)
            _ = await raft.backUpNowAction()
            var dumped = ""
            dump(raft.appState.state, to: &dumped)
            for text in [dumped, "\(raft.appState.state)"] + logbook.entries.map(\.description) {
                #expect(!text.contains(Self.password))
            }
            #expect(!logbook.entries.isEmpty)
        }
    }
}
