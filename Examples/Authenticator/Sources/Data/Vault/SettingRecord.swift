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

    /// The settings; an order this version does not know reads as the custom order.
    var settings: VaultSettings {
        VaultSettings(
            timeOffset: timeOffset, showsNextCode: showsNextCode, autoLockMinutes: autoLockMinutes,
            sortOrder: AccountOrder(rawValue: sortOrder) ?? .custom)
    }
}
