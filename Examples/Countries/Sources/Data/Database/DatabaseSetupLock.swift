import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets one worker at a time set up a database file: open it, set its
/// journal mode, check it and run the migrations.
///
/// Several workers may open one file at once, in one process or in several
/// (two servers on one data directory, an app and its extension). Setting up
/// is not safe to do concurrently: two workers would both switch the file to
/// WAL mode (SQLite answers "database is locked" to the second, without
/// waiting) or both run the first migration ("table already exists"). GRDB's
/// guide to sharing a database serializes the setup with a file coordinator
/// on Apple platforms; an advisory lock (`flock`) on a file beside the
/// database does the same on every platform, between threads and processes
/// alike. Once set up, workers share the file through SQLite's own locks.
enum DatabaseSetupLock {
    /// The lock could not be taken.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let code: Int32
        var description: String { "the setup lock \(path) cannot be taken: \(String(cString: strerror(code)))" }
    }

    /// Runs `body` while holding the setup lock of the database `file`,
    /// waiting `timeout` seconds at most for another worker to release it.
    static func withLock<Value>(beside file: URL, timeout: TimeInterval, _ body: () throws -> Value) throws -> Value {
        let path = file.path + ".setup-lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, code: errno) }
        defer { close(descriptor) }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else { throw Failure(path: path, code: code) }
            guard Date() < deadline else { throw Failure(path: path, code: code) }
            usleep(5_000)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
