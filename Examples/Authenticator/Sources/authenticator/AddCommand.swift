import ArgumentParser
import AuthenticatorApp

/// `authenticator add URI`: adds the account of an otpauth:// link.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add the account of an otpauth:// link.")

    @Argument(help: "The otpauth:// link.")
    var uri: String

    @OptionGroup var options: VaultOptions

    func run() async throws {
        let vessel = try await options.unlockedVessel()
        do {
            let saved = try await vessel.addAccountLinkAction(uri)
            print("Added \(saved.account.label) (\(saved.id)).")
        } catch {
            throw CommandFailure(error)
        }
    }
}
