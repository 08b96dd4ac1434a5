import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the vault's folder and files private to their owner: the folder
/// `0700`, the database and every file beside it `0600`.
///
/// SQLite creates the WAL and shared-memory files with the permissions of the
/// database file, so the database file is created `0600` before SQLite opens
/// it. A folder or file found open to others (made by an earlier version, or
/// by hand) is tightened, and the caller says so: never silently.
///
/// Only what the current user owns is changed, and never a folder with the
/// sticky bit (a shared one such as `/tmp`).
enum VaultFiles {
    /// Permissions of the vault's folder: its owner only.
    static let folderMode: mode_t = 0o700
    /// Permissions of the vault's files: its owner only, no execution.
    static let fileMode: mode_t = 0o600

    /// Creates `folder` (and missing parents) readable by its owner only, or
    /// tightens an existing one; returns whether an existing one was tightened.
    static func prepareFolder(_ folder: URL) throws -> Bool {
        var status = stat()
        if stat(folder.path, &status) != 0 {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: Int(folderMode)])
            // An umask cannot widen 0700, but a folder made meanwhile by another process may be wider.
            return try tighten(folder.path, to: folderMode)
        }
        return try tighten(folder.path, to: folderMode)
    }

    /// Creates `file` empty and private when it does not exist, tightens the
    /// files SQLite keeps beside it (`companions`, such as `-wal`), and creates
    /// the lock files beside it (`locks`) private; returns whether an existing
    /// file was tightened.
    static func prepareFiles(_ file: URL, companions: [String], locks: [String]) throws -> Bool {
        var tightened = false
        for path in [file.path] + locks.map({ file.path + $0 }) {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, fileMode)
            guard descriptor >= 0 else { throw Failure(operation: "create", errno: errno) }
            close(descriptor)
            tightened = try tighten(path, to: fileMode) || tightened
        }
        for path in companions.map({ file.path + $0 }) where FileManager.default.fileExists(atPath: path) {
            tightened = try tighten(path, to: fileMode) || tightened
        }
        return tightened
    }

    /// Removes the bits of `path` beyond `mode` when the current user owns it
    /// and it is not a shared (sticky) folder; returns whether it changed it.
    static func tighten(_ path: String, to mode: mode_t) throws -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Failure(operation: "inspect", errno: errno) }
        let permissions = status.st_mode & 0o7777
        guard status.st_uid == geteuid(), permissions & mode_t(S_ISVTX) == 0, permissions & ~mode != 0 else {
            return false
        }
        guard chmod(path, permissions & mode) == 0 else { throw Failure(operation: "tighten", errno: errno) }
        return true
    }

    /// A file operation failed; names the operation and the error number, never content.
    struct Failure: Error, CustomStringConvertible {
        let operation: String
        let errno: Int32
        var description: String { "cannot \(operation) a vault file: \(String(cString: strerror(errno)))" }
    }
}
