import Foundation
import GRDB

/// Tells a damaged vault file from other failures, and sets it aside: renamed
/// beside itself (`vault.sqlite.damaged-20260101T120000Z`), never deleted, so
/// that the person (or support) may still recover it.
enum VaultFileRecovery {
    /// SQLite's quick check found problems (its first lines, which name pages, not content).
    struct FailedCheck: Error, CustomStringConvertible {
        let report: String
        var description: String { "the vault file failed its quick check: \(report)" }
    }

    /// A damaged file was renamed and replaced by an empty vault.
    struct SetAside: Error, CustomStringConvertible {
        let name: String
        var description: String { "the damaged vault file was kept as \(name); a new vault was started" }
    }

    /// Fails with ``FailedCheck`` unless SQLite's quick check of `db` passes.
    static func check(_ db: Database) throws {
        let report = try String.fetchAll(db, sql: "PRAGMA quick_check")
        guard report == ["ok"] else { throw FailedCheck(report: report.prefix(3).joined(separator: "; ")) }
    }

    /// Whether `error` says that the file is not a sound database.
    static func isDamage(_ error: any Error) -> Bool {
        if error is FailedCheck { return true }
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    /// Renames `file`, and its WAL and shared-memory companions, to a free
    /// `….damaged-<moment>` name; returns the file's new name.
    static func setAside(_ file: URL, at moment: Date) throws -> String {
        let manager = FileManager.default
        let folder = file.deletingLastPathComponent()
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let stem = "\(file.lastPathComponent).damaged-\(formatter.string(from: moment))"
        var name = stem
        var attempt = 1
        while manager.fileExists(atPath: folder.appendingPathComponent(name).path) {
            attempt += 1
            name = "\(stem)-\(attempt)"
        }
        try manager.moveItem(at: file, to: folder.appendingPathComponent(name))
        // The companions belong to the damaged file: left behind, they would
        // be read as part of the new vault.
        for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: file.path + suffix) {
            try manager.moveItem(
                at: URL(fileURLWithPath: file.path + suffix), to: folder.appendingPathComponent(name + suffix))
        }
        return name
    }
}
