import ArgumentParser
import AuthenticatorApp

/// `authenticator init`: creates the vault with a passphrase.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Create the vault, protected by a passphrase.")

    @OptionGroup var options: VaultOptions

    func run() async throws {
        let vessel = try await options.vessel()
        guard vessel.appState.read({ $0.lock }) == .noVault else {
            throw CommandFailure("A vault already exists in \(try options.directory().path).")
        }
        let (passphrase, confirmation) = try Secrets.readNew("New passphrase:", file: options.passphraseFile, kind: .passphrase)
        do {
            try await vessel.createVaultAction(passphrase, confirmation)
        } catch {
            throw CommandFailure(error)
        }
        say("Created the vault in \(try options.directory().path).")
    }
}
