import AuthenticatorDomain
import Foundation
import Keel
#if canImport(Glibc)
import Glibc

/// The system's `write`, which the worker's own `write` would hide.
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

/// The system's `write`, which the worker's own `write` would hide.
private let systemWrite = Darwin.write
#endif

/// Writes automatic backups: encrypted Aegis vaults (the format other
/// authenticators read) in the folder the person chose.
///
/// Each backup is written so that a process killed at any moment, or a full
/// disk, never leaves a broken or empty backup where a good one was:
///
/// 1. the vault is written to a hidden temporary file (`.authenticator-backup-….partial`),
///    created readable by its owner only, and flushed to the disk (`fsync`);
/// 2. it is read back from the disk and opened with its password: it counts
///    only when it holds exactly the accounts it was written from;
/// 3. it is renamed to its name, which names the vault and the moment
///    (`authenticator-backup-1a2b3c4d-20260102-030405-678.aegis.json`), and
///    the folder is flushed;
/// 4. only then are the vault's oldest backups beyond the number kept removed
///    (never the one just written; never another vault's, which may share the
///    folder; never one named before backups carried their vault's name), and
///    temporary files a killed process left behind.
///
/// What it records in the logbook names the step and the folder, never an
/// account, a secret or the password.
public struct BackupWorker: BackupWork, CustomStringConvertible {
    private let logbook: any Logbook
    private let cost: AegisVault.ScryptCost
    /// Reads a file back from the disk (tests give one that returns other bytes, as a failing disk would).
    private let readBack: @Sendable (URL) throws -> Data

    /// The start of every backup's name.
    public static let namePrefix = "authenticator-backup-"
    /// The end of every backup's name.
    public static let nameSuffix = ".aegis.json"
    /// The end of a temporary file's name.
    static let temporarySuffix = ".partial"
    /// How old a temporary file must be before a later backup removes it (its writer is gone).
    static let staleAge: TimeInterval = 600

    /// A worker recording failures in `logbook`, deriving each backup's key at
    /// `cost` (Aegis' own unless a test asks for a cheaper one).
    public init(logbook: any Logbook, cost: AegisVault.ScryptCost = .aegis) {
        self.init(logbook: logbook, cost: cost, readBack: { try Data(contentsOf: $0) })
    }

    /// A worker reading its files back with `readBack`.
    init(logbook: any Logbook, cost: AegisVault.ScryptCost, readBack: @escaping @Sendable (URL) throws -> Data) {
        self.logbook = logbook
        self.cost = cost
        self.readBack = readBack
    }

    /// The scrypt cost only.
    public var description: String { "BackupWorker(N=\(cost.n))" }

    public func write(_ accounts: [Account], password: String, settings: BackupSettings, vault: String, at moment: Date)
        async throws(BackupFizzle) -> String
    {
        if let problem = settings.problem { throw problem }
        guard let path = settings.folder else { throw .folderRequired }
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        do {
            try Self.prepare(folder)
        } catch {
            logbook.record(error, context: "Preparing the backup folder")
            throw .folderUnusable(path: path)
        }
        let bytes: Data
        do {
            bytes = try AegisVault.write(accounts, password: password, cost: cost)
        } catch {
            logbook.record(error, context: "Encrypting a backup of \(accounts.count) accounts")
            throw .notWritten(path: path)
        }
        let temporary = folder.appendingPathComponent(
            ".\(Self.namePrefix)\(UUID().uuidString.lowercased())\(Self.temporarySuffix)")
        defer { unlink(temporary.path) }
        do {
            try Self.writeDurably(bytes, to: temporary)
        } catch {
            logbook.record(error, context: "Writing a backup")
            throw .notWritten(path: path)
        }
        do {
            try verify(temporary, holds: accounts, password: password)
        } catch {
            logbook.record(error, context: "Reading a backup back")
            throw .notVerified(path: path)
        }
        let file: URL
        do {
            file = Self.freeName(in: folder, vault: vault, at: moment)
            guard rename(temporary.path, file.path) == 0 else { throw FileFailure(operation: "rename", errno: errno) }
            try Self.syncFolder(folder)
        } catch {
            logbook.record(error, context: "Putting a backup in place")
            throw .notWritten(path: path)
        }
        prune(folder, vault: vault, keeping: settings.kept, besides: file.lastPathComponent)
        return file.path
    }

    // MARK: Steps

    /// Creates `folder` readable by its owner only when it is missing, and checks that it is a folder.
    static func prepare(_ folder: URL) throws {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } else if !isFolder.boolValue {
            throw FileFailure(operation: "use as a folder", errno: ENOTDIR)
        }
    }

    /// Writes `bytes` to the new file `file` (its owner only) and flushes it to the disk.
    static func writeDurably(_ bytes: Data, to file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileFailure(operation: "create", errno: errno) }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileFailure(operation: "write", errno: errno)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw FileFailure(operation: "flush", errno: errno) }
    }

    /// Reads `file` back from the disk and fails unless it opens with `password` and holds exactly `accounts`.
    private func verify(_ file: URL, holds accounts: [Account], password: String) throws {
        let data = try readBack(file)
        let report = try AegisVault.read(data, password: password, existing: [])
        let read = report.rows.compactMap { row -> Account? in
            switch row.outcome {
            case .new(let account), .duplicate(let account), .repeated(let account, _): account
            case .invalid: nil
            }
        }
        guard read == accounts, report.rows.count == accounts.count else { throw Mismatch(count: read.count) }
    }

    /// The file a backup of `vault` made at `moment` goes to: named by the
    /// vault and the moment (UTC, to the millisecond, so that a vault's names
    /// sort as its backups were made), with a number added when another
    /// backup has that name.
    static func freeName(in folder: URL, vault: String, at moment: Date) -> URL {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: moment)
        let stamp = String(
            format: "%04d%02d%02d-%02d%02d%02d-%03d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0, parts.second ?? 0, (parts.nanosecond ?? 0) / 1_000_000)
        let start = namePrefix + vault + "-" + stamp
        var name = start + nameSuffix
        var attempt = 1
        while FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            attempt += 1
            name = "\(start)-\(attempt)\(nameSuffix)"
        }
        return folder.appendingPathComponent(name)
    }

    /// Flushes the folder, so that the rename survives a power cut.
    static func syncFolder(_ folder: URL) throws {
        let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileFailure(operation: "open the folder", errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileFailure(operation: "flush the folder", errno: errno) }
    }

    /// The names of the backups in `folder` (of the vault named `vault`
    /// only, when given), each vault's oldest first.
    public static func backups(in folder: URL, of vault: String? = nil) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let prefix = namePrefix + (vault.map { $0 + "-" } ?? "")
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(nameSuffix) }.sorted()
    }

    /// Removes `vault`'s oldest backups beyond `kept`, never `newest`, and the
    /// temporary files writers that are gone left behind. A failure is recorded, not thrown:
    /// the backup itself was written.
    private func prune(_ folder: URL, vault: String, keeping kept: Int, besides newest: String) {
        let others = Self.backups(in: folder, of: vault).filter { $0 != newest }
        for name in others.prefix(max(0, others.count - (kept - 1))) {
            if unlink(folder.appendingPathComponent(name).path) != 0, errno != ENOENT {
                logbook.record(FileFailure(operation: "remove an old backup", errno: errno), context: "Removing old backups")
            }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(".\(Self.namePrefix)") && name.hasSuffix(Self.temporarySuffix) {
            let path = folder.appendingPathComponent(name).path
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
            if let modified, Date().timeIntervalSince(modified) > Self.staleAge { unlink(path) }
        }
    }

    /// A file operation failed: names it and the system's reason, never content.
    struct FileFailure: Error, CustomStringConvertible {
        let operation: String
        let errno: Int32
        var description: String { "cannot \(operation): \(String(cString: strerror(errno)))" }
    }

    /// The backup read back holds other accounts than were written (only how many it holds).
    struct Mismatch: Error, CustomStringConvertible {
        let count: Int
        var description: String { "the backup read back holds \(count) accounts that differ from those written" }
    }
}
