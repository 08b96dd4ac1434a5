import ArgumentParser
import AuthenticatorData
import AuthenticatorDomain
import Foundation

/// `authenticator code [--uri-file FILE]`: the code of a link, without a
/// vault. For scripts, and for anyone who wants to check this app's codes
/// against another's. The link is read as ``AddCommand`` reads it.
struct CodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code", abstract: "Print the code of an otpauth:// link (no vault involved).")

    @Option(help: "A file whose first line is the otpauth:// link, as a QR code holds it (default, or '-': standard input).")
    var uriFile: String?

    @Option(help: "The moment, in seconds since 1970 (default: now).")
    var time: Int64?

    @Flag(help: "Also print the next code (of the next period, or of the next counter).")
    var next = false

    func run() throws {
        let uri = try Secrets.link(file: uriFile)
        let account: Account
        do {
            account = try OTPAuthURI.read(uri)
        } catch {
            throw CommandFailure("This link cannot make codes: \(error.message).")
        }
        // The link is the whole input: the code gear is used directly, with no container.
        let codes = OTPCodeWorker()
        let moment = time.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date()
        print(codes.code(for: account, at: moment).text)
        if next {
            var following = account
            following.parameters = account.parameters.advanced()
            let later = account.parameters.kind == .hotp ? moment : moment.addingTimeInterval(TimeInterval(account.parameters.period))
            print(codes.code(for: following, at: later).text)
        }
    }
}
