import ArgumentParser
import AuthenticatorApp
import AuthenticatorDomain
import Foundation

/// `authenticator export --format aegis|uris|google FILE`: writes every
/// account for another authenticator (or a backup).
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export every account: an encrypted Aegis vault, or a plain one, plain otpauth links or a Google export.")

    /// The formats the command writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case aegis, uris, google

        var format: ImportFormat {
            switch self {
            case .aegis: .aegis
            case .uris: .otpauthText
            case .google: .googleMigration
            }
        }
    }

    @Option(help: "aegis (encrypted with a password; plain with --plain and no --password-file), uris or google (plain: needs --plain).")
    var format: Format

    @Argument(help: "The file to write (created readable by you only).")
    var file: String

    @Option(help: "A file holding the password of an Aegis export.")
    var passwordFile: String?

    @Flag(help: "Confirm that a plain export may hold every secret in clear.")
    var plain = false

    @OptionGroup var options: VaultOptions

    func run() async throws {
        guard !FileManager.default.fileExists(atPath: file) else {
            throw CommandFailure("\(file) already exists: choose another name (nothing is overwritten).")
        }
        if format != .aegis, !plain {
            throw CommandFailure("\(VaultFizzle.plainExportNotConfirmed.message) (add --plain)")
        }
        // The passphrase that unlocks is the one the export asks for again.
        let (vessel, passphrase) = try await options.unlocked()
        var password: String?
        // An Aegis vault is encrypted unless --plain asks for a plain one and no password file is given.
        if format == .aegis, !plain || passwordFile != nil {
            let (typed, confirmation) = try Secrets.readNew("Password of the export:", file: passwordFile, kind: .exportPassword)
            guard typed == confirmation else { throw CommandFailure(VaultFizzle.passwordsDiffer) }
            password = typed
        }
        let export: Export
        do {
            export = try await vessel.exportAccountsAction(passphrase, format.format, password, plain)
        } catch {
            throw CommandFailure(error)
        }
        let contents = format == .google
            ? Data(export.pages.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n").utf8)
            : export.pages.first ?? Data()
        guard FileManager.default.createFile(atPath: file, contents: contents, attributes: [.posixPermissions: 0o600]) else {
            throw CommandFailure("Cannot write \(file).")
        }
        for omission in export.omitted {
            printError("Left out \(column(omission.account.label)): \(omission.reason)")
        }
        say("Exported \(export.count) accounts to \(file).")
    }
}
