import ArgumentParser
import AuthenticatorApp
import AuthenticatorData
import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Keel

/// The options of every command that opens the vault.
struct VaultOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "The folder of the vault (default: the per-user data directory).")
    var dataDirectory: String?

    @Option(help: "A file holding the vault's passphrase (its first line), for scripts.")
    var passphraseFile: String?

    @Flag(help: "Also print developer diagnostics to standard error (for a bug report; never a secret).")
    var verbose = false

    /// The clock codes are made with: fixed at `time` (seconds since 1970) when given.
    func clock(at time: Int64?) -> any TimeSource {
        time.map { FixedTimeSource(moment: Date(timeIntervalSince1970: TimeInterval($0))) } ?? SystemTimeSource()
    }

    /// The data directory chosen, created if needed (readable by you only).
    func directory() throws -> URL {
        let directory = dataDirectory.map { URL(fileURLWithPath: $0) } ?? Vessel.defaultDataDirectory()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure("Cannot create the data directory \(directory.path).")
        }
        return directory
    }

    /// Opens the vault's container, reporting on standard error what opening
    /// its files found (a damaged file set aside, a folder tightened).
    func vessel(time: Int64? = nil) async throws -> Vessel {
        let directory = try directory()
        let vessel: Vessel
        do {
            // Developer errors reach the terminal only when asked for: what a
            // person reads is the fizzle's message of the failure.
            let logbook: any Logbook = verbose ? StandardErrorLogbook() : SilentLogbook()
            vessel = try await Vessel(phase: .device, dataDirectory: directory, clock: clock(at: time), logbook: logbook)
        } catch {
            throw CommandFailure(error)
        }
        for notice in vessel.appState.read({ $0.system.notices }) {
            printError("authenticator: warning: \(notice.message)")
        }
        return vessel
    }

    /// Opens the container and unlocks the vault with the passphrase.
    func unlockedVessel(time: Int64? = nil) async throws -> Vessel {
        try await unlocked(time: time).vessel
    }

    /// Opens the container and unlocks the vault; returns the passphrase too,
    /// for the usecases that ask for it again (export).
    func unlocked(time: Int64? = nil) async throws -> (vessel: Vessel, passphrase: String) {
        let vessel = try await vessel(time: time)
        switch vessel.appState.read({ $0.lock }) {
        case .noVault:
            throw CommandFailure("There is no vault in \(try directory().path) yet. Create one with `authenticator init`.")
        default:
            let passphrase = try Secrets.read("Passphrase:", file: passphraseFile)
            do {
                try await vessel.unlockVaultAction(passphrase, .owner)
            } catch {
                throw CommandFailure(error)
            }
            return (vessel, passphrase)
        }
    }
}

/// Says on standard error when the automatic backup that followed a change
/// failed: the change stands, the backup does not, and nobody must miss it.
func reportBackup(of vessel: Vessel) async {
    await vessel.backupsWritten()
    if let warning = vessel.appState.read({ $0.backup.status }).warning {
        printError("authenticator: warning: \(warning)")
    }
}

/// A failure of a command: its message goes to standard error, and the
/// command exits with a non-zero status.
struct CommandFailure: Error, CustomStringConvertible {
    /// The message, for a person.
    let message: LocalizedText

    init(_ message: LocalizedText) {
        self.message = message
    }

    init(_ fizzle: some Fizzle) {
        message = fizzle.message
    }

    /// The message in the environment's language (ArgumentParser prints it).
    var description: String { AuthenticatorStrings.environment.string(message) }
}

/// A logbook writing to standard error (`--verbose`), so that standard
/// output holds only results; each line says it is a developer diagnostic.
struct StandardErrorLogbook: Logbook {
    func record(_ entry: LogbookEntry) {
        FileHandle.standardError.write(Data("authenticator (developer diagnostic): \(entry)\n".utf8)) // not localized: for developers
    }
}

/// A clock stopped at one moment: `--time` makes the codes of that moment.
struct FixedTimeSource: TimeSource {
    /// The moment it always shows.
    let moment: Date

    func now() -> Date { moment }
}
