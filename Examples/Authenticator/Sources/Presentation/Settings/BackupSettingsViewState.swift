import AuthenticatorDomain
import Foundation
import Keel

/// The automatic backups' form: folder, how many to keep, and the password
/// (typed twice), with their validation, without a view model (article 004),
/// as ``SettingsViewState`` is for the other settings.
///
/// It holds a password as typed, so its description is redacted.
public struct BackupSettingsViewState: Equatable, Sendable, RedactedDescription {
    /// Whether backups are on.
    public var isOn: Bool
    /// The folder, as typed (a full path).
    public var folder: String
    /// How many backups to keep, as typed.
    public var kept: String
    /// A new password for the backups; empty keeps the saved one.
    public var password = ""
    /// The new password typed again.
    public var confirmation = ""
    /// Whether a password is saved already (then the fields may stay empty).
    public let hasPassword: Bool
    /// What is wrong with the form, after ``validate()`` or ``apply(to:)``.
    public private(set) var message: LocalizedText?

    /// The form showing the backups of the app state.
    public init(_ backup: BackupState) {
        isOn = backup.settings.isOn
        folder = backup.settings.folder ?? ""
        kept = String(backup.settings.kept)
        hasPassword = backup.hasPassword
    }

    /// The settings and the new password (`nil`: keep the saved one) the
    /// form describes, or `nil` with ``message`` saying why not.
    public mutating func validate() -> (settings: BackupSettings, password: String?)? {
        guard let count = Int(kept.trimmingCharacters(in: .whitespaces)) else {
            message = BackupFizzle.keptOutOfRange.message
            return nil
        }
        let trimmed = folder.trimmingCharacters(in: .whitespaces)
        let settings = BackupSettings(folder: isOn ? trimmed : nil, kept: count)
        if let problem = settings.problem {
            message = problem.message
            return nil
        }
        if isOn, password.isEmpty, !hasPassword {
            message = BackupFizzle.passwordRequired.message
            return nil
        }
        if !password.isEmpty {
            if let problem = Passphrase.problem(withPassword: password) {
                message = problem.message
                return nil
            }
            guard password == confirmation else {
                message = VaultFizzle.passwordsDiffer.message
                return nil
            }
        }
        message = nil
        return (settings, password.isEmpty ? nil : password)
    }

    /// Validates and saves the form through the container (which writes a
    /// first backup at once); returns the message instead when it is invalid,
    /// saving failed, or that first backup failed. The passwords typed are cleared either way.
    public mutating func apply(to service: any Serving) async -> LocalizedText? {
        defer {
            password = ""
            confirmation = ""
        }
        guard let (settings, password) = validate() else { return message }
        do throws(VaultFizzle) {
            let status = try await service.configureBackupsAction(settings, password)
            message = status.warning
        } catch {
            message = error.message
        }
        return message
    }

    /// How the last backup went, in a sentence for the settings screen; the
    /// moment of the last backup is written as `locale` writes dates.
    public static func statusLine(_ status: BackupStatus, locale: Locale) -> LocalizedText {
        switch status {
        case .off:
            "Automatic backups are off."
        case .waiting:
            "Automatic backups are on: one is written after every change."
        case .written(let path, let moment):
            "Last backup: \(path), \(moment.formatted(Date.FormatStyle(date: .abbreviated, time: .standard, locale: locale, calendar: locale.calendar)))."
        case .failed:
            status.warning ?? ""
        }
    }
}
