import Foundation

/// Writes automatic backups: encrypted Aegis vaults in a folder.
///
/// The data layer's worker writes each one atomically (a temporary file,
/// written, flushed to the disk and renamed), reads it back with its password
/// before it counts, and removes the oldest ones beyond the number kept, so
/// that a process killed at any moment leaves the last good backup whole.
public protocol BackupWork: Sendable {
    /// Writes `accounts` as a backup encrypted with `password` into the
    /// folder of `settings`, and keeps the newest `settings.kept` backups;
    /// returns the path of the file written.
    func write(_ accounts: [Account], password: String, settings: BackupSettings, at moment: Date)
        async throws(BackupFizzle) -> String
}
