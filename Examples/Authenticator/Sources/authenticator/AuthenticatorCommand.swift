import ArgumentParser

/// The `authenticator` command: one-time codes from the command line, with
/// the same container (Vessel) and usecases as the app's front-ends.
@main
struct AuthenticatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authenticator",
        abstract: "Two-factor codes from an encrypted vault (the Keel Authenticator reference app).",
        discussion: """
            Passphrases and passwords are read from the terminal without echo, or from a file \
            given with --passphrase-file (the vault's) or --password-file (an export's), for \
            scripts; never from the command line or the environment. Errors are printed as \
            messages; --verbose adds developer diagnostics.
            """,
        subcommands: [
            CodeCommand.self, InitCommand.self, ListCommand.self, AddCommand.self, ShowCommand.self,
            ImportCommand.self, ExportCommand.self, PasswdCommand.self, BackupCommand.self,
        ])
}
