import Foundation
import Testing

/// The `authenticator` command, run as a process: codes without a vault,
/// a whole session, and every error going to standard error with a failure status.
@Suite("authenticator command", .timeLimit(.minutes(5)))
struct CommandTests {
    /// RFC 6238's SHA-1 secret in Base32.
    static let rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
    static let rfcLink = "otpauth://totp/RFC:test?secret=\(rfcSecret)&issuer=RFC&digits=8"

    @Test("code prints RFC 6238's codes for a link (from a file or standard input) and a time, and the next one")
    func code() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let link = try command.file("rfc.txt", Self.rfcLink + "\n")
        let outcome = try await command.run(["code", "--uri-file", link, "--time", "59"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == "94287082\n")
        let later = try await command.run(["code", "--time", "1111111109", "--next"], input: Self.rfcLink + "\n")
        #expect(later.output.split(separator: "\n").first == "07081804")
        let next = try await command.run(["code", "--uri-file", "-", "--time", "1111111139"], input: Self.rfcLink)
        #expect(later.output.split(separator: "\n").last.map(String.init) == next.output.trimmingCharacters(in: .newlines))
        let hotp = try await command.run(["code", "--next"], input: "otpauth://hotp/B:c?secret=\(Self.rfcSecret)&counter=1\r\n")
        #expect(hotp.output == "287082\n359152\n")
    }

    @Test("A link is never taken from the command line, and a missing one is said to be missing")
    func linkNotAnArgument() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let dataDirectory = ["--data-dir", command.directory.path]
        for arguments in [
            ["code", "--uri-file", Self.rfcLink], ["add", Self.rfcLink] + dataDirectory,
            ["add", "OTPAUTH-MIGRATION://offline?data=x"] + dataDirectory,
        ] {
            let outcome = try await command.run(arguments)
            #expect(outcome.status != 0)
            #expect(outcome.output.isEmpty)
            #expect(outcome.errors.contains("not on the command line"), "\(outcome.errors)")
            #expect(!outcome.errors.contains(Self.rfcSecret))
        }
        let empty = try await command.run(["code"])
        #expect(empty.status != 0)
        #expect(empty.errors.contains("No link on standard input"))
        let blank = try await command.run(["code", "--uri-file", try command.file("blank.txt", "\n")])
        #expect(blank.errors.contains("its first line must be the otpauth:// link"))
    }

    @Test("A broken link is an error on standard error with a failure status, and names no secret")
    func badLink() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let outcome = try await command.run(["code"], input: "otpauth://totp/A:b?secret=\(Self.rfcSecret)1")
        #expect(outcome.status != 0)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errors.contains("This link cannot make codes: the secret contains '1' at position 33"))
        #expect(!outcome.errors.contains(String(Self.rfcSecret.prefix(8))))
    }

    @Test("init, add, list, show, export; a second vault imports the export and shows the same codes")
    func session() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let first = command.directory.appendingPathComponent("first").path
        let second = command.directory.appendingPathComponent("second").path
        let passphrase = try command.file("passphrase", "correct horse battery\n")
        let password = try command.file("password", "export password 1\n")
        let vault = ["--data-dir", first, "--passphrase-file", passphrase]

        var outcome = try await command.run(["init"] + vault)
        #expect(outcome.status == 0, "\(outcome.errors)")
        outcome = try await command.run(["init"] + vault)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("A vault already exists"))
        let rfc = try command.file("rfc.txt", Self.rfcLink + "\n")
        #expect(try await command.run(["add", rfc] + vault).output.contains("Added RFC (test)"))
        #expect(try await command.run(["add"] + vault, input: "otpauth://totp/GitHub:ada?secret=JBSWY3DPEHPK3PXP&issuer=GitHub\n").status == 0)
        outcome = try await command.run(["add", "-"] + vault, input: Self.rfcLink)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("RFC (test) is already in the vault."))

        outcome = try await command.run(["list", "--time", "59"] + vault)
        #expect(outcome.status == 0)
        let lines = outcome.output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.count == 2)
        #expect(lines.first?.dropFirst().first == "94287082")
        #expect(lines.first?.dropFirst(2).first == "1s")
        outcome = try await command.run(["show", "rfc", "--time", "59"] + vault)
        #expect(outcome.output == "94287082\tRFC\ttest\n")
        outcome = try await command.run(["show", "nothing like it"] + vault)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("No account matches"))

        let export = command.directory.appendingPathComponent("backup.aegis.json").path
        outcome = try await command.run(["export", "--format", "aegis", export, "--password-file", password] + vault)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("Exported 2 accounts"))
        let permissions = try FileManager.default.attributesOfItem(atPath: export)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        outcome = try await command.run(["export", "--format", "aegis", export, "--password-file", password] + vault)
        #expect(outcome.status != 0, "an existing file is never overwritten")
        outcome = try await command.run(["export", "--format", "uris", export + ".txt"] + vault)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("--plain"))
        #expect(!FileManager.default.fileExists(atPath: export + ".txt"))

        let other = ["--data-dir", second, "--passphrase-file", passphrase]
        #expect(try await command.run(["init"] + other).status == 0)
        outcome = try await command.run(["import", export, "--password-file", password] + other)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == "Added 2 accounts.\n")
        outcome = try await command.run(["import", export, "--password-file", password] + other)
        #expect(outcome.output == "Added 0 accounts; 2 were already in the vault.\n")
        for query in ["rfc", "github"] {
            let mine = try await command.run(["show", query, "--time", "1800000000"] + vault).output
            let theirs = try await command.run(["show", query, "--time", "1800000000"] + other).output
            #expect(!mine.isEmpty && mine == theirs)
        }
    }

    @Test("Passphrases: a wrong one fails, none on a non-terminal fails, the command line cannot carry one; passwd changes it")
    func passphrases() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let data = command.directory.appendingPathComponent("vault").path
        let passphrase = try command.file("passphrase", "correct horse battery")
        let wrong = try command.file("wrong", "not the passphrase")
        let new = try command.file("new", "a new passphrase")
        let empty = try command.file("empty", "")
        #expect(try await command.run(["list", "--data-dir", data, "--passphrase-file", passphrase]).errors.contains("There is no vault"))
        #expect(try await command.run(["init", "--data-dir", data, "--passphrase-file", try command.file("short", "short")]).errors
            .contains("at least 8 characters"))
        #expect(try await command.run(["init", "--data-dir", data, "--passphrase-file", passphrase]).status == 0)

        var outcome = try await command.run(["list", "--data-dir", data, "--passphrase-file", wrong])
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("That passphrase does not unlock the vault."))
        outcome = try await command.run(["list", "--data-dir", data])
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("--passphrase-file"))
        outcome = try await command.run(["list", "--data-dir", data, "--passphrase-file", empty])
        #expect(outcome.errors.contains("is empty"))
        outcome = try await command.run(["list", "--data-dir", data, "--passphrase-file", "/nonexistent/file"])
        #expect(outcome.errors.contains("Cannot read the file /nonexistent/file."))
        outcome = try await command.run(["list", "--data-dir", data, "--passphrase", "correct horse battery"])
        #expect(outcome.status != 0, "no option takes a passphrase on the command line")

        outcome = try await command.run(["passwd", "--data-dir", data, "--passphrase-file", passphrase, "--new-passphrase-file", new])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(try await command.run(["list", "--data-dir", data, "--passphrase-file", passphrase]).status != 0)
        #expect(try await command.run(["list", "--data-dir", data, "--passphrase-file", new]).status == 0)
        for outcome in [outcome] {
            #expect(!outcome.output.contains("a new passphrase") && !outcome.errors.contains("a new passphrase"))
        }
    }

    @Test("Import errors: an unreadable file, an unknown format, a wrong password; nothing is added")
    func importErrors() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let passphrase = try command.file("passphrase", "correct horse battery")
        let vault = ["--data-dir", command.directory.appendingPathComponent("v").path, "--passphrase-file", passphrase]
        #expect(try await command.run(["init"] + vault).status == 0)
        #expect(try await command.run(["import", "/nonexistent"] + vault).errors.contains("Cannot read the file /nonexistent."))
        let unknown = try command.file("unknown.txt", "hello")
        #expect(try await command.run(["import", unknown] + vault).errors.contains("Cannot tell the format"))
        #expect(try await command.run(["import", unknown, "--format", "nope"] + vault).errors.contains("Unknown format “nope”"))
        let links = try command.file("links.txt", "otpauth://totp/A:b?secret=JBSWY3DPEHPK3PXP&issuer=A\notpauth://totp/C:d?secret=AB1C\n")
        let outcome = try await command.run(["import", links] + vault)
        #expect(outcome.output == "Added 1 account.\n")
        #expect(outcome.errors.contains("Skipped line 2: the secret contains '1' at position 3"))
        #expect(!outcome.errors.contains("JBSWY3DP"))
    }
}
