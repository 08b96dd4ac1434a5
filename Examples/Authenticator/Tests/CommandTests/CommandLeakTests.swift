import Foundation
import Testing

/// Every line the command prints, on success and on every error path,
/// searched for the secrets of the vault and its passphrase.
@Suite("authenticator command never prints a secret", .timeLimit(.minutes(5)))
struct CommandLeakTests {
    static let secret = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"
    static let passphrase = "leak test passphrase"
    static let backupPassword = "leak test backup password"

    @Test("No secret or passphrase in anything printed")
    func noLeak() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let passphrase = try command.file("passphrase", Self.passphrase)
        let wrong = try command.file("wrong", Self.passphrase + "!")
        let vault = ["--data-dir", command.directory.appendingPathComponent("vault").path, "--passphrase-file", passphrase]
        let link = "otpauth://totp/Leak:test?secret=\(Self.secret)&issuer=Leak"
        let broken = try command.file("broken.txt", "otpauth://totp/Leak:x?secret=\(Self.secret)1\n\(link)\n")
        let aegis = try command.file("bad.json", #"{"db": "\#(Self.secret)", "header": {}}"#)
        let linkFile = try command.file("link.txt", link)
        let backupPassword = try command.file("backup-password", Self.backupPassword)
        let runs: [[String]] = [
            ["init"] + vault,
            ["add", linkFile] + vault,
            ["add", linkFile] + vault,
            ["add", link] + vault,
            ["add", try command.file("digits.txt", "otpauth://totp/Leak:y?secret=\(Self.secret)&digits=12")] + vault,
            ["add", try command.file("nine.txt", "otpauth://totp/Leak:y?secret=\(Self.secret)9")] + vault,
            ["list"] + vault,
            ["show", "leak"] + vault,
            ["show", "nothing"] + vault,
            ["list", "--data-dir", command.directory.appendingPathComponent("vault").path, "--passphrase-file", wrong],
            ["import", broken] + vault,
            ["import", aegis, "--format", "aegis", "--password-file", passphrase] + vault,
            ["import", aegis, "--format", "aegis", "--password-file", passphrase, "--verbose"] + vault,
            ["import", try command.file("proton.json", #"{"version": 1, "entries": [{"content": {"uri": "otpauth://totp/Leak:p?secret=\#(Self.secret)&digits=12", "entry_type": "Totp"}}, {"content": {"uri": "steam://\#(Self.secret)", "entry_type": "\#(Self.secret)"}}]}"#)] + vault,
            ["import", try command.file("freeotp.json", #"{"tokens": [{"secret": "\#(Self.secret)", "type": "TOTP"}, {"secret": [1, 2], "type": "\#(Self.secret)"}]}"#)] + vault,
            ["export", "--format", "uris", command.directory.appendingPathComponent("plain.txt").path] + vault,
            ["backup", "--folder", command.directory.appendingPathComponent("backups").path, "--password-file", backupPassword] + vault,
            ["add", try command.file("other.txt", link.replacingOccurrences(of: "Leak:test", with: "Leak:other"))] + vault,
            ["backup", "--folder", linkFile, "--password-file", backupPassword] + vault,
            ["backup", "--keep", "0", "--password-file", backupPassword] + vault,
            ["backup", "--password-file", try command.file("short-backup", "short")] + vault,
            ["passwd", "--new-passphrase-file", try command.file("short", "short")] + vault,
            ["code", "--uri-file", try command.file("md5.txt", "otpauth://totp/Leak:z?secret=\(Self.secret)&algorithm=MD5")],
            ["code", "--uri-file", try command.file("period.txt", link + "&period=0")],
            ["code", "--uri-file", link],
        ]
        var printed: [String] = []
        for arguments in runs {
            let outcome = try await command.run(arguments)
            printed += [outcome.output, outcome.errors]
        }
        #expect(printed.joined().contains("Added Leak (test)"), "the runs did run")
        #expect(printed.joined().contains("Last backup:"), "the backups ran")
        let forms = [Self.secret, Self.secret.lowercased(), String(Self.secret.prefix(10)), Self.passphrase, Self.backupPassword]
        for form in forms {
            for text in printed {
                #expect(!text.contains(form), "leaked into: \(text)")
            }
        }
    }
}
