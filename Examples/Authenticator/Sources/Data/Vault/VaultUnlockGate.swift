import Foundation
import GRDB

/// Lets one unlock try at a time, in this process or in another, run from
/// reading the wrong-passphrase count to saving the outcome, scrypt included.
///
/// Why: tries sent at once (several tabs, a script) must be counted one after
/// another, each seeing the failures before it. Counting a try as wrong before
/// scrypt and clearing it after did that, but a process killed in between left
/// a wrong passphrase counted for a right one. Holding this gate instead, a
/// try is counted only once its outcome is known, and a killed process's gate
/// is released by the system with its file locks: it counts for nothing.
///
/// How: as ``VaultSetupLock``, an EXCLUSIVE transaction on a companion SQLite
/// file (`vault.sqlite.unlock-lock`, which stays empty), waiting for it with
/// SQLite's busy timeout. An in-memory vault's gate is an in-memory database:
/// its serial queue orders the tries of that vault.
struct VaultUnlockGate: Sendable {
    /// The suffix of the gate's file beside the vault's.
    static let suffix = ".unlock-lock"

    private let queue: DatabaseQueue

    /// The gate of the vault `file`, waiting `timeout` seconds at most for another process's try.
    init(beside file: URL, timeout: TimeInterval) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(timeout)
        queue = try DatabaseQueue(path: file.path + Self.suffix, configuration: configuration)
    }

    /// The gate of an in-memory vault.
    init() throws {
        queue = try DatabaseQueue()
    }

    /// Runs `body` while holding the gate (on the gate's queue, off the caller's thread).
    func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await queue.writeWithoutTransaction { db in
            var value: Value?
            // Nothing is written: the transaction exists for its lock only.
            try db.inTransaction(.exclusive) {
                value = try body()
                return .commit
            }
            guard let value else { throw VaultSetupLock.NotRun() }
            return value
        }
    }
}
