import Foundation

/// Writes automatic backups: encrypted Aegis vaults in a folder.
///
/// The data layer's worker writes each one atomically (a temporary file,
/// written, flushed to the disk and renamed), reads it back with its password
/// before it counts, and removes the oldest ones beyond the number kept, so
/// that a process killed at any moment leaves the last good backup whole.
public protocol BackupWork: Sendable {
    /// Writes `accounts` as a backup encrypted with `password` into the
    /// folder of `settings`, named for the vault `vault`
    /// (``VaultWork/backupName()``), and keeps that vault's newest
    /// `settings.kept` backups (another vault's in the same folder are not
    /// its to remove); returns the path of the file written.
    func write(_ accounts: [Account], password: String, settings: BackupSettings, vault: String, at moment: Date)
        async throws(BackupFizzle) -> String
}
