import AuthenticatorDomain
import Foundation
import GRDB

/// The one row of the `backupSetting` table: the automatic backups' folder
/// and count in clear, their password sealed with the data key.
struct BackupSettingRecord: Codable, FetchableRecord, PersistableRecord, CustomStringConvertible {
    static let databaseTableName = "backupSetting"

    /// Always 1: there is one set of backup settings per vault.
    var id: Int64 = 1
    /// The folder; `nil` while backups are off.
    var folder: String?
    var kept: Int
    /// The password's UTF-8 bytes sealed with the data key (see ``VaultSealing``).
    var sealedPassword: Data?

    /// The row for `settings` and a sealed password.
    init(_ settings: BackupSettings, sealedPassword: Data?) {
        folder = settings.folder
        kept = settings.kept
        self.sealedPassword = sealedPassword
    }

    /// The settings; a count out of range (a file edited by hand) reads as the nearest one in range.
    var settings: BackupSettings {
        BackupSettings(
            folder: folder, kept: min(max(kept, BackupSettings.keptRange.lowerBound), BackupSettings.keptRange.upperBound))
    }

    /// Whether backups are on and a password is saved; never the folder's content or the password.
    var description: String {
        "BackupSettingRecord(\(folder == nil ? "off" : "on"), \(kept) kept, \(sealedPassword == nil ? "no" : "a") password)"
    }

    /// The sealed password does not open with the vault's key: the row is damaged.
    struct Damage: Error, CustomStringConvertible {
        var description: String { "the backups' sealed password does not open with the vault's key" }
    }
}
