@testable import AuthenticatorData
import AuthenticatorDomain
import Foundation
import Keel
import KeelTesting
import Testing

/// Automatic backups on disk: whole, private, verified, bounded in number,
/// and a failure that never touches the backups before it.
@Suite("Backup worker", .timeLimit(.minutes(5)))
struct BackupWorkerTests {
    typealias T = VaultTesting
    static let password = "backup password"

    /// Accounts of every kind; counters stay within what Aegis vaults hold (below 2^53).
    static let accounts = [
        T.accounts[0],
        Account(
            issuer: "Bank 은행", name: "김철수", secret: T.secrets[1],
            parameters: T.parameters(kind: .hotp, algorithm: .sha256, digits: 7, counter: 1 << 40), groups: ["Work", "Money"]),
        T.accounts[2],
    ]

    /// The name of the vault the backups are of.
    static let vault = "0a1b2c3d"

    static func worker(_ logbook: any Logbook = SilentLogbook()) -> BackupWorker {
        BackupWorker(logbook: logbook, cost: T.cheap)
    }

    /// The accounts a backup holds, opened with `password`.
    static func accounts(in path: String, password: String = Self.password) throws -> [Account] {
        let report = try AegisVault.read(try Data(contentsOf: URL(fileURLWithPath: path)), password: password, existing: [])
        return report.rows.compactMap { row in
            if case .new(let account) = row.outcome { return account }
            return nil
        }
    }

    @Test("A backup is an encrypted Aegis vault of the accounts, readable by its owner only, in a folder made private")
    func writes() async throws {
        try await T.inFolder { parent in
            let folder = parent.appendingPathComponent("backups/authenticator")
            let settings = BackupSettings(folder: folder.path, kept: 3)
            let path = try await Self.worker().write(Self.accounts, password: Self.password, settings: settings, vault: Self.vault, at: T.moment)
            #expect(path == folder.appendingPathComponent("authenticator-backup-\(Self.vault)-20270115-080000-000.aegis.json").path)
            #expect(try Self.accounts(in: path) == Self.accounts)
            #expect(throws: ImportFizzle.wrongPassword(format: .aegis)) { try Self.accounts(in: path, password: "wrong password") }
            #expect(try VaultFilesTests.mode(path) == 0o600)
            #expect(try VaultFilesTests.mode(folder.path) == 0o700)
            #expect(T.names(in: folder) == [URL(fileURLWithPath: path).lastPathComponent], "no temporary file left")
            // An empty vault is backed up too.
            let empty = try await Self.worker().write([], password: Self.password, settings: settings, vault: Self.vault, at: T.moment)
            #expect(empty != path)
            #expect(try Self.accounts(in: empty).isEmpty)
        }
    }

    @Test("Vaults sharing a folder each keep their own newest backups and remove none of another's, nor one named before backups named their vault")
    func vaultsShareAFolder() async throws {
        try await T.inFolder { folder in
            let settings = BackupSettings(folder: folder.path, kept: 2)
            let older = folder.appendingPathComponent("authenticator-backup-20200101-000000-000.aegis.json")
            try Data("an earlier version's backup".utf8).write(to: older)
            var last: [String: String] = [:]
            for minute in 0..<6 {
                for vault in ["aaaaaaaa", "bbbbbbbb"] {
                    last[vault] = try await Self.worker().write(
                        Self.accounts, password: Self.password, settings: settings, vault: vault,
                        at: T.moment.addingTimeInterval(Double(minute) * 60))
                }
            }
            #expect(BackupWorker.backups(in: folder, of: "aaaaaaaa").count == 2)
            #expect(BackupWorker.backups(in: folder, of: "bbbbbbbb").count == 2)
            for path in last.values { #expect(FileManager.default.fileExists(atPath: path)) }
            #expect(FileManager.default.fileExists(atPath: older.path))
            #expect(BackupWorker.backups(in: folder).count == 5)
        }
    }

    @Test("The newest backups are kept, as many as chosen; the one just written stays even when the clock went back")
    func keepsNewest() async throws {
        try await T.inFolder { folder in
            let settings = BackupSettings(folder: folder.path, kept: 3)
            var written: [String] = []
            for minute in 0..<5 {
                let moment = T.moment.addingTimeInterval(Double(minute) * 60)
                written.append(try await Self.worker().write(
                    Array(Self.accounts.prefix(minute % 3 + 1)), password: Self.password, settings: settings, vault: Self.vault, at: moment))
            }
            let names = written.map { URL(fileURLWithPath: $0).lastPathComponent }
            #expect(BackupWorker.backups(in: folder) == Array(names.suffix(3)))
            // Another file of the folder is never touched.
            try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
            let earlier = try await Self.worker().write(
                Self.accounts, password: Self.password, settings: BackupSettings(folder: folder.path, kept: 2),
                vault: Self.vault, at: T.moment.addingTimeInterval(-3_600))
            #expect(BackupWorker.backups(in: folder) == [URL(fileURLWithPath: earlier).lastPathComponent, names[4]])
            #expect(T.names(in: folder).contains("notes.txt"))
            // Two backups in one millisecond get two names.
            let twin = try await Self.worker().write(
                Self.accounts, password: Self.password, settings: BackupSettings(folder: folder.path, kept: 5),
                vault: Self.vault, at: T.moment.addingTimeInterval(-3_600))
            #expect(twin != earlier && FileManager.default.fileExists(atPath: earlier))
        }
    }

    @Test("A folder that cannot be used fails as such, and the backups before stay as they were")
    func unusableFolder() async throws {
        try await T.inFolder { folder in
            let good = try await Self.worker().write(
                Self.accounts, password: Self.password, settings: BackupSettings(folder: folder.path, kept: 1), vault: Self.vault, at: T.moment)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
            let file = folder.appendingPathComponent("a file")
            try Data("x".utf8).write(to: file)
            let logbook = MemoryLogbook()
            for path in [file.path, file.appendingPathComponent("below").path] {
                await #expect(throws: BackupFizzle.folderUnusable(path: path)) {
                    _ = try await Self.worker(logbook).write(
                        Self.accounts, password: Self.password, settings: BackupSettings(folder: path, kept: 1), vault: Self.vault, at: T.moment)
                }
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: good)) == bytes)
            #expect(logbook.entries.map(\.context) == ["Preparing the backup folder", "Preparing the backup folder"])
            await #expect(throws: BackupFizzle.folderRequired) {
                _ = try await Self.worker().write(Self.accounts, password: Self.password, settings: BackupSettings(), vault: Self.vault, at: T.moment)
            }
            await #expect(throws: BackupFizzle.folderNotAbsolute) {
                _ = try await Self.worker().write(
                    Self.accounts, password: Self.password, settings: BackupSettings(folder: "relative"), vault: Self.vault, at: T.moment)
            }
        }
    }

    @Test("A backup that does not read back as written is removed, and the backups before stay")
    func notVerified() async throws {
        try await T.inFolder { folder in
            let settings = BackupSettings(folder: folder.path, kept: 1)
            let good = try await Self.worker().write(Self.accounts, password: Self.password, settings: settings, vault: Self.vault, at: T.moment)
            let logbook = MemoryLogbook()
            // A disk that gives back other bytes than were written: cut short, or empty.
            let damages: [@Sendable (Data) -> Data] = [{ $0.prefix($0.count / 2) }, { _ in Data() }]
            for damage in damages {
                let failing = BackupWorker(logbook: logbook, cost: T.cheap) { damage(try Data(contentsOf: $0)) }
                await #expect(throws: BackupFizzle.notVerified(path: folder.path)) {
                    _ = try await failing.write(
                        Self.accounts, password: Self.password, settings: settings, vault: Self.vault, at: T.moment.addingTimeInterval(60))
                }
            }
            #expect(T.names(in: folder) == [URL(fileURLWithPath: good).lastPathComponent], "nothing else left, nothing removed")
            #expect(try Self.accounts(in: good) == Self.accounts)
            #expect(logbook.entries.map(\.context) == ["Reading a backup back", "Reading a backup back"])
        }
    }

    #if os(Linux)
    @Test("A folder where no file can be made fails as not written")
    func notWritten() async throws {
        let logbook = MemoryLogbook()
        await #expect(throws: BackupFizzle.notWritten(path: "/proc/self")) {
            _ = try await Self.worker(logbook).write(
                Self.accounts, password: Self.password, settings: BackupSettings(folder: "/proc/self", kept: 1), vault: Self.vault, at: T.moment)
        }
        #expect(logbook.entries.map(\.context) == ["Writing a backup"])
    }
    #endif

    @Test("Temporary files a killed writer left are removed once old; a fresh one (a writer at work) is not")
    func staleTemporaries() async throws {
        try await T.inFolder { folder in
            let old = folder.appendingPathComponent(".authenticator-backup-old.partial")
            let fresh = folder.appendingPathComponent(".authenticator-backup-fresh.partial")
            try Data("half".utf8).write(to: old)
            try Data("half".utf8).write(to: fresh)
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-BackupWorker.staleAge - 60)], ofItemAtPath: old.path)
            _ = try await Self.worker().write(
                Self.accounts, password: Self.password, settings: BackupSettings(folder: folder.path, kept: 1), vault: Self.vault, at: T.moment)
            #expect(!FileManager.default.fileExists(atPath: old.path))
            #expect(FileManager.default.fileExists(atPath: fresh.path))
        }
    }

    @Test("Nothing the worker logs or describes holds the password or a secret")
    func noLeak() async throws {
        let logbook = MemoryLogbook()
        let worker = Self.worker(logbook)
        await #expect(throws: BackupFizzle.self) {
            _ = try await worker.write(
                Self.accounts, password: Self.password, settings: BackupSettings(folder: "/proc/self/none/x", kept: 1), vault: Self.vault, at: T.moment)
        }
        let texts = logbook.entries.map(\.description) + [String(describing: worker)]
        #expect(!texts.isEmpty)
        for text in texts {
            #expect(!text.contains(Self.password))
            for secret in T.secrets { #expect(!text.contains(Base32.encode(secret.bytes, padding: false))) }
        }
    }
}
