import Foundation
import Keel

/// How automatic backups went, for every screen to show: a failed backup is
/// never silent.
public enum BackupStatus: Equatable, Sendable {
    /// Automatic backups are off (or the vault is locked).
    case off
    /// On, and nothing has been written since the vault was unlocked.
    case waiting
    /// The last backup was written to `path` at `moment` and read back with its password.
    case written(path: String, at: Date)
    /// The last backup failed at `moment`; the earlier backups are untouched.
    case failed(BackupFizzle, at: Date)

    /// Whether the last backup failed.
    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }

    /// What a warning says when the last backup failed; `nil` otherwise.
    public var warning: LocalizedText? {
        guard case .failed(let fizzle, _) = self else { return nil }
        return "The automatic backup failed: \(fizzle.message) Your earlier backups are untouched."
    }
}

/// The automatic backups in the app state: their settings and how the last one went.
public struct BackupState: Equatable, Sendable {
    /// Where backups go and how many are kept.
    public var settings: BackupSettings
    /// Whether a password is saved for them.
    public var hasPassword: Bool
    /// How the last backup went.
    public var status: BackupStatus

    /// Creates the state: backups off by default.
    public init(settings: BackupSettings = BackupSettings(), hasPassword: Bool = false, status: BackupStatus = .off) {
        self.settings = settings
        self.hasPassword = hasPassword
        self.status = status
    }
}
