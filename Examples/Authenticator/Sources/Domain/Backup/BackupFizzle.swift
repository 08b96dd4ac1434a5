import Keel

/// Why an automatic backup was not written, or its settings not saved.
///
/// A failed backup never removes or changes an earlier one. Messages name the
/// folder or the file, never a password or a secret.
public enum BackupFizzle: Fizzle {
    /// Backups were turned on without a folder.
    case folderRequired
    /// The folder is not a full path.
    case folderNotAbsolute
    /// The folder's path holds a control character (a NUL cuts a path short, a line break forges lines).
    case folderHasControlCharacter
    /// The number of backups to keep is out of ``BackupSettings/keptRange``.
    case keptOutOfRange
    /// Backups were turned on without a password (and none was saved before).
    case passwordRequired
    /// The vault could not be read to back it up.
    case vaultUnreadable
    /// The folder cannot be created, or no file can be written in it.
    case folderUnusable(path: String)
    /// Writing the backup failed (a full disk, a folder removed meanwhile).
    case notWritten(path: String)
    /// The backup written did not read back with its password as the accounts
    /// it was written from: it was removed, and the earlier ones kept.
    case notVerified(path: String)

    /// What to tell the person.
    public var message: LocalizedText {
        switch self {
        case .folderRequired:
            "Choose the folder the backups go to."
        case .folderNotAbsolute:
            "The backup folder must be a full path, such as /home/you/Backups."
        case .folderHasControlCharacter:
            "The backup folder's path holds a control character (such as a line break), which no folder's name should."
        case .keptOutOfRange:
            "Keep between \(BackupSettings.keptRange.lowerBound) and \(BackupSettings.keptRange.upperBound) backups."
        case .passwordRequired:
            "Choose a password for the backups: they are encrypted with it."
        case .vaultUnreadable:
            "The vault could not be read to back it up. Try again; if it keeps failing, check the disk."
        case .folderUnusable(let path):
            "The backup folder \(path) cannot be created or written to. Check that you may write there."
        case .notWritten(let path):
            "The backup could not be written in \(path). Check the free space and the folder."
        case .notVerified(let path):
            "The backup written in \(path) did not read back as written, so it was removed. Check the disk."
        }
    }
}
