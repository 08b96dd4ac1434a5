import ArgumentParser
import AuthenticatorApp

/// `authenticator passwd`: changes the vault's passphrase.
struct PasswdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd", abstract: "Change the vault's passphrase (the entries are not re-encrypted).")

    @Option(help: "A file holding the new passphrase, for scripts.")
    var newPassphraseFile: String?

    @OptionGroup var options: VaultOptions

    func run() async throws {
        let vessel = try await options.vessel()
        guard vessel.appState.read({ $0.lock }) != .noVault else {
            throw CommandFailure("There is no vault yet. Create one with `authenticator init`.")
        }
        let current = try Secrets.read("Current passphrase:", file: options.passphraseFile)
        do {
            try await vessel.unlockVaultAction(current, .owner)
        } catch {
            throw CommandFailure(error)
        }
        let (new, confirmation) = try Secrets.readNew("New passphrase:", file: newPassphraseFile)
        do {
            try await vessel.changePassphraseAction(current, new, confirmation)
        } catch {
            throw CommandFailure(error)
        }
        say("Changed the passphrase.")
    }
}
