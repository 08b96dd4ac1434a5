import Foundation
import AuthenticatorDomain
import Keel

/// The settings form: its fields and their validation, without a view model
/// (article 004). The screen shows shared state (the settings) and changes
/// it through a usecase; what it holds of its own is this value.
public struct SettingsViewState: Equatable, Sendable {
    /// The time offset in seconds, as typed.
    public var timeOffset: String
    /// Whether rows show the next code.
    public var showsNextCode: Bool
    /// Minutes before auto-lock (zero: never).
    public var autoLockMinutes: Int
    /// How the list is sorted.
    public var sortOrder: AccountOrder
    /// What is wrong with the form, after ``validate()``.
    public private(set) var message: LocalizedText?

    /// The auto-lock choices offered, in minutes (zero: never).
    public static let autoLockChoices = [0, 1, 2, 5, 10, 15, 30, 60]

    /// The form showing `settings`.
    public init(_ settings: VaultSettings) {
        timeOffset = String(settings.timeOffset)
        showsNextCode = settings.showsNextCode
        autoLockMinutes = settings.autoLockMinutes
        sortOrder = settings.sortOrder
    }

    /// The settings the form describes, or `nil` with ``message`` saying why not.
    public mutating func validate() -> VaultSettings? {
        let trimmed = timeOffset.trimmingCharacters(in: .whitespaces)
        guard let offset = Int(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed) else {
            message = "The time offset is a whole number of seconds, such as -30 or 15."
            return nil
        }
        let settings = VaultSettings(
            timeOffset: offset, showsNextCode: showsNextCode, autoLockMinutes: autoLockMinutes, sortOrder: sortOrder)
        message = settings.problem?.message
        return message == nil ? settings : nil
    }

    /// Validates and saves the form through the container; returns the
    /// message instead when it is invalid or saving failed.
    public mutating func apply(to service: any Serving) async -> LocalizedText? {
        guard let settings = validate() else { return message }
        do throws(VaultFizzle) {
            try await service.applySettingsAction(settings)
            return nil
        } catch {
            message = error.message
            return message
        }
    }

    /// How an auto-lock choice reads in a menu ("5 minutes", "Never").
    public static func title(ofAutoLock minutes: Int) -> LocalizedText {
        minutes == 0 ? "Never" : "\(minutes) minutes"
    }
}
