import Foundation
import Testing

/// What the command prints when something goes wrong: the message meant
/// for the person; developer diagnostics only when asked for (issue 25: a
/// failed import printed `damaged(format: …) (…FormatWorker.swift:55)` first).
@Suite("authenticator prints developer diagnostics only with --verbose", .timeLimit(.minutes(5)))
struct CommandDiagnosticsTests {
    @Test("A damaged vault file: the notice always; the developer's lines only with --verbose, marked as such")
    func verbose() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let passphrase = try command.file("passphrase", "correct horse battery")
        for (index, verbose) in [false, true].enumerated() {
            let folder = command.directory.appendingPathComponent("vault-\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("this is not a database, and much longer than a header would be".utf8)
                .write(to: folder.appendingPathComponent("vault.sqlite"))
            let outcome = try await command.run(
                ["list", "--data-dir", folder.path, "--passphrase-file", passphrase] + (verbose ? ["--verbose"] : []))
            #expect(outcome.errors.contains("The vault file was damaged"), "\(outcome.errors)")
            #expect(outcome.errors.contains("(developer diagnostic)") == verbose, "\(outcome.errors)")
            #expect(outcome.errors.contains(".swift:") == verbose, "\(outcome.errors)")
        }
    }
}
