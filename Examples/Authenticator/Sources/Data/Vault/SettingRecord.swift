import AuthenticatorDomain
import GRDB

/// The one row of the `setting` table: the person's settings, in clear.
struct SettingRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "setting"

    /// Always 1: there is one set of settings per vault.
    var id: Int64 = 1
    var timeOffset: Int
    var showsNextCode: Bool
    var autoLockMinutes: Int
    /// ``AccountOrder``'s raw value.
    var sortOrder: String

    /// The row for `settings`.
    init(_ settings: VaultSettings) {
        timeOffset = settings.timeOffset
        showsNextCode = settings.showsNextCode
        autoLockMinutes = settings.autoLockMinutes
        sortOrder = settings.sortOrder.rawValue
    }

    /// The settings; an order this version does not know reads as the
    /// custom order, and a number out of its range (the settings are stored
    /// in clear: a file edited by hand) as the nearest one in range.
    var settings: VaultSettings {
        VaultSettings(
            timeOffset: timeOffset.clamped(to: VaultSettings.timeOffsetRange), showsNextCode: showsNextCode,
            autoLockMinutes: autoLockMinutes.clamped(to: VaultSettings.autoLockRange),
            sortOrder: AccountOrder(rawValue: sortOrder) ?? .custom)
    }
}

extension Int {
    /// The nearest value to this one in `range`.
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
