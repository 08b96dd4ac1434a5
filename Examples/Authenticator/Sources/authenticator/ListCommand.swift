import ArgumentParser
import AuthenticatorApp
import AuthenticatorPresentation

/// `authenticator list`: every account with its current code, as the list screen shows them.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the accounts with their current codes (tab-separated).")

    @Option(help: "The moment codes are made for, in seconds since 1970 (default: now).")
    var time: Int64?

    @OptionGroup var options: VaultOptions

    @MainActor
    func run() async throws {
        let vessel = try await options.unlockedVessel(time: time)
        let list = AccountListViewModel(vessel, scene: "command-line")
        for row in list.rows {
            print(Self.line(for: row, in: list))
        }
        if list.rows.isEmpty, let empty = list.emptyMessage { printError(empty) }
    }

    /// One row: identifier, code, seconds left (or counter), issuer and name,
    /// tab-separated for scripts: the same in every language; control
    /// characters in the issuer and name are escaped (``column(_:)``).
    @MainActor
    static func line(for row: AccountRow, in list: AccountListViewModel) -> String {
        let code = row.code.map { $0.filter { $0 != " " } } ?? "-"
        let left = list.secondsLeft(for: row).map { "\($0)s" } ?? "counter \(row.counter ?? 0)"  // not localized: a column scripts read
        return [String(describing: row.id), code, left, column(row.issuer), column(row.name)].joined(separator: "\t")
    }
}
