import ArgumentParser
import AuthenticatorApp

/// `authenticator add [FILE]`: adds the account of an otpauth:// link, read
/// from a file or standard input (never the command line: see ``Secrets``).
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add the account of an otpauth:// link.",
        discussion: """
            The link holds the account's secret, so it is never an argument: \
            give a file whose first line is the link, or paste it when asked \
            (standard input, not shown on a terminal).
            """)

    @Argument(help: "A file whose first line is the otpauth:// link (default, or '-': standard input).")
    var file: String?

    @OptionGroup var options: VaultOptions

    func run() async throws {
        let link = try Secrets.link(file: file)
        let vessel = try await options.unlockedVessel()
        do {
            let saved = try await vessel.addAccountLinkAction(link)
            say("Added \(column(saved.account.label)) (\(saved.id)).")
            await reportBackup(of: vessel)
        } catch {
            throw CommandFailure(error)
        }
    }
}
