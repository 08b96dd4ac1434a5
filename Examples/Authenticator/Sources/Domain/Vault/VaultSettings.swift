import Keel
/// The person's settings, kept in the vault (in clear: they are no secret).
public struct VaultSettings: Hashable, Sendable {
    /// Seconds added to the device's clock when making time-based codes, for
    /// a device whose clock is off (may be negative).
    public var timeOffset: Int
    /// Whether each row also shows the code of the next period.
    public var showsNextCode: Bool
    /// Minutes without use after which the vault locks itself; zero never.
    public var autoLockMinutes: Int
    /// How the account list is sorted.
    public var sortOrder: AccountOrder

    /// The settings of a new vault.
    public init(timeOffset: Int = 0, showsNextCode: Bool = false, autoLockMinutes: Int = 5, sortOrder: AccountOrder = .custom) {
        self.timeOffset = timeOffset
        self.showsNextCode = showsNextCode
        self.autoLockMinutes = autoLockMinutes
        self.sortOrder = sortOrder
    }

    /// The largest time offset accepted, in either direction (one day).
    public static let timeOffsetRange = -86_400...86_400
    /// The auto-lock choices accepted, in minutes (zero: never).
    public static let autoLockRange = 0...1_440

    /// Why these settings cannot be saved, or `nil` when they can.
    public var problem: VaultFizzle? {
        guard Self.timeOffsetRange.contains(timeOffset) else { return .invalidSetting(.timeOffset) }
        guard Self.autoLockRange.contains(autoLockMinutes) else { return .invalidSetting(.autoLock) }
        return nil
    }

    /// A setting, to say which one is wrong.
    public enum Field: String, Hashable, Sendable {
        /// ``VaultSettings/timeOffset``.
        case timeOffset
        /// ``VaultSettings/autoLockMinutes``.
        case autoLock
    }
}

/// How the account list is sorted.
public enum AccountOrder: String, CaseIterable, Hashable, Sendable {
    /// The order the person arranged.
    case custom
    /// By issuer, then account name.
    case issuer
    /// By account name, then issuer.
    case account
    /// Most recently used first; never used last.
    case lastUsed

    /// The order's name in a menu.
    public var title: LocalizedText {
        switch self {
        case .custom: "Custom"
        case .issuer: "Issuer"
        case .account: "Account"
        case .lastUsed: "Last used"
        }
    }
}
