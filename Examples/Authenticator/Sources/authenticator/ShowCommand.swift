import ArgumentParser
import AuthenticatorApp
import AuthenticatorPresentation

/// `authenticator show QUERY`: the code of the accounts matching a search,
/// used as copying it in the app is (a counter-based account advances).
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print the code of the accounts matching a search (issuer, name or tag).")

    @Argument(help: "Words to find in the issuer, account name or tags (accents and case ignored).")
    var query: String

    @Option(help: "The moment codes are made for, in seconds since 1970 (default: now).")
    var time: Int64?

    @OptionGroup var options: VaultOptions

    @MainActor
    func run() async throws {
        let vessel = try await options.unlockedVessel(time: time)
        let list = AccountListViewModel(vessel, scene: "command-line")
        list.searchText = query
        let rows = list.rows
        guard !rows.isEmpty else { throw CommandFailure("No account matches “\(query)”.") }
        for row in rows {
            do {
                let code = try await vessel.copyCodeAction(row.id)
                print([code.text, column(row.issuer), column(row.name)].joined(separator: "\t"))
            } catch {
                throw CommandFailure(error)
            }
        }
        await reportBackup(of: vessel)
    }
}
