import ArgumentParser
import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation

/// `authenticator backup`: turns automatic backups on or off, or writes one now.
///
/// Once on, every command that changes the vault (add, import, show of a
/// counter-based account) writes an encrypted Aegis backup to the folder,
/// and says so on standard error when that backup failed.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write an encrypted backup now, or turn automatic backups on (--folder) or off (--off).",
        discussion: """
            Backups are encrypted Aegis vaults, written after every change to the folder chosen, \
            each one read back before it counts; the oldest beyond --keep are removed. Their \
            password is asked when backups are turned on (or read from --password-file), and is \
            kept in the vault sealed with its key, never in clear.
            """)

    @Option(help: "Turn automatic backups on, into this folder (created readable by you only).")
    var folder: String?

    @Option(help: "How many backups to keep (\(BackupSettings.keptRange.lowerBound)–\(BackupSettings.keptRange.upperBound)).")
    var keep: Int?

    @Option(help: "A file holding a new password for the backups (its first line), for scripts.")
    var passwordFile: String?

    @Flag(help: "Turn automatic backups off (the backups written stay).")
    var off = false

    @OptionGroup var options: VaultOptions

    func validate() throws {
        guard !(off && folder != nil) else { throw ValidationError(AuthenticatorStrings.environment.string("Give either --folder or --off, not both.")) }
    }

    func run() async throws {
        let vessel = try await options.unlockedVessel()
        let current = vessel.appState.read { $0.backup }
        guard off || folder != nil || keep != nil || passwordFile != nil else {
            guard current.settings.isOn else {
                throw CommandFailure("Automatic backups are off: turn them on with --folder FOLDER.")
            }
            return try report(await vessel.backUpNowAction())
        }
        var settings = current.settings
        if off { settings.folder = nil }
        if let folder { settings.folder = URL(fileURLWithPath: folder).standardizedFileURL.path }
        if let keep { settings.kept = keep }
        var password: String?
        if passwordFile != nil || (settings.isOn && !current.hasPassword) {
            let (typed, confirmation) = try Secrets.readNew("Password of the backups:", file: passwordFile)
            guard typed == confirmation else { throw CommandFailure(VaultFizzle.passwordsDiffer) }
            password = typed
        }
        let status: BackupStatus
        do {
            status = try await vessel.configureBackupsAction(settings, password)
        } catch {
            throw CommandFailure(error)
        }
        try report(status)
    }

    /// Prints how the backup went; a failed one fails the command.
    private func report(_ status: BackupStatus) throws {
        if let warning = status.warning { throw CommandFailure(warning) }
        say(BackupSettingsViewState.statusLine(status, locale: AuthenticatorStrings.environment.locale))
    }
}
