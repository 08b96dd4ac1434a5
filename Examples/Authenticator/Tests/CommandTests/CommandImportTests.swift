import Foundation
import Testing

/// `authenticator import` and `export` as a person uses them: backups that
/// restore, formats recognised from the file, options named right, and
/// reports that say what happened, nothing else (issue 25).
@Suite("authenticator import and export", .timeLimit(.minutes(5)))
struct CommandImportTests {
    /// A vault in the command's folder, created; its arguments.
    static func vault(_ command: CommandLine, _ name: String) async throws -> [String] {
        let passphrase = try command.file("passphrase", "correct horse battery\n")
        let arguments = ["--data-dir", command.directory.appendingPathComponent(name).path, "--passphrase-file", passphrase]
        let outcome = try await command.run(["init"] + arguments)
        #expect(outcome.status == 0, "\(outcome.errors)")
        return arguments
    }

    /// `count` links, each its own account, after two comment lines.
    static func links(_ count: Int) -> String {
        let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
        return "# my accounts\n# (exported by hand)\n\n"
            + (0..<count).map { "otpauth://totp/Issuer%20\($0):user\($0)?secret=\(secret)&issuer=Issuer%20\($0)" }.joined(separator: "\n") + "\n"
    }

    /// Issue 25: an encrypted Aegis export of 11 accounts or more was not
    /// recognised when imported again; a text of links starting with comments was not either.
    @Test("A backup of 12 accounts (encrypted and plain Aegis, links) restores without --format")
    func backupRestores() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let first = try await Self.vault(command, "first")
        var outcome = try await command.run(["import", try command.file("links.txt", Self.links(12))] + first)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == "Added 12 accounts.\n")
        let password = try command.file("password", "export password 1\n")
        let encrypted = command.directory.appendingPathComponent("backup.aegis.json").path
        let plain = command.directory.appendingPathComponent("plain.aegis.json").path
        let links = command.directory.appendingPathComponent("backup.txt").path
        #expect(try await command.run(["export", "--format", "aegis", encrypted, "--password-file", password] + first).status == 0)
        #expect(try await command.run(["export", "--format", "aegis", "--plain", plain] + first).status == 0)
        #expect(try await command.run(["export", "--format", "uris", "--plain", links] + first).status == 0)
        let plainVault = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: plain))) as? [String: Any]
        #expect(plainVault?["db"] is [String: Any], "--plain without a password file writes a plain vault")

        for (index, file) in [encrypted, plain, links].enumerated() {
            let other = try await Self.vault(command, "restored-\(index)")
            outcome = try await command.run(["import", file, "--password-file", password] + other)
            #expect(outcome.status == 0, "\(file): \(outcome.errors)")
            #expect(outcome.output == "Added 12 accounts.\n", "\(file)")
            #expect(outcome.errors.isEmpty, "\(file): \(outcome.errors)")
            let mine = try await command.run(["show", "issuer 11", "--time", "1800000000"] + first).output
            let theirs = try await command.run(["show", "issuer 11", "--time", "1800000000"] + other).output
            #expect(!mine.isEmpty && mine == theirs)
        }
    }

    /// Issue 25: the message named --passphrase-file, the vault's option.
    @Test("A missing password for an encrypted file names --password-file, in import and in export")
    func passwordOption() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command, "v")
        #expect(try await command.run(["import", try command.file("links.txt", Self.links(2))] + vault).status == 0)
        let export = command.directory.appendingPathComponent("backup.aegis.json").path
        var outcome = try await command.run(["export", "--format", "aegis", export] + vault)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("--password-file"), "\(outcome.errors)")
        #expect(!outcome.errors.contains("--passphrase-file"), "\(outcome.errors)")
        #expect(!FileManager.default.fileExists(atPath: export))

        let password = try command.file("password", "export password 1")
        #expect(try await command.run(["export", "--format", "aegis", export, "--password-file", password] + vault).status == 0)
        let other = try await Self.vault(command, "other")
        outcome = try await command.run(["import", export] + other)
        #expect(outcome.status != 0)
        #expect(outcome.errors == "Error: No password for this encrypted file: type it on a terminal, or give its file with --password-file PATH.\n")
        // The vault's own passphrase is still asked for by its own option.
        outcome = try await command.run(["list", "--data-dir", command.directory.appendingPathComponent("other").path])
        #expect(outcome.errors.contains("--passphrase-file"))
    }

    /// Issue 25: a failed import printed a developer's line first
    /// (`damaged(format: …) (…FormatWorker.swift:55)`).
    @Test("A failed import prints the message meant for the person, and only that")
    func failedImport() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command, "v")
        let damaged = try command.file("damaged.json", #"{"version": 1, "header": {"slots": [], "params": {}}, "db": "AAAA"}"#)
        var outcome = try await command.run(["import", damaged] + vault)
        #expect(outcome.status != 0)
        #expect(outcome.errors == "Error: This Aegis vault is damaged or incomplete, so nothing was imported from it.\n")
        outcome = try await command.run(["import", try command.file("cut.json", #"{"version": 1, "header": {"#)] + vault)
        #expect(outcome.errors.hasPrefix("Error: Cannot tell the format of "))
        #expect(!outcome.errors.contains(".swift") && !outcome.errors.contains("ImportFormat."))
    }

    /// Issue 25: "nothing was imported from it", then "Added 3 accounts".
    @Test("One damaged migration line among links is one skipped line, and the others are added")
    func damagedMigrationLine() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command, "v")
        let text = Self.links(3) + "otpauth-migration://offline?data=CjEKCkhlbGxv\n"
        let outcome = try await command.run(["import", try command.file("mixed.txt", text)] + vault)
        #expect(outcome.status == 0)
        #expect(outcome.output == "Added 3 accounts.\n")
        #expect(outcome.errors == "Skipped line 7: this Google Authenticator export link is damaged or incomplete, so none of its accounts could be read.\n")
    }

    /// Issue 25: repeats within a file, imported into an empty vault, were "already in the vault".
    @Test("Accounts repeated in a file are repeats, not accounts already in the vault")
    func repeats() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command, "v")
        let text = Self.links(2) + Self.links(2)
        var outcome = try await command.run(["import", try command.file("twice.txt", text)] + vault)
        #expect(outcome.output == "Added 2 accounts; 2 were repeats of an account earlier in the import.\n")
        outcome = try await command.run(["import", try command.file("again.txt", Self.links(3))] + vault)
        #expect(outcome.output == "Added 1 account; 2 were already in the vault.\n")
    }

    /// Issue 25: "Pages 2 of 3 … are missing" for one page.
    @Test("A Google export with one page missing names that page, in the singular")
    func missingPage() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command, "v")
        #expect(try await command.run(["import", try command.file("links.txt", Self.links(25))] + vault).status == 0)
        let export = command.directory.appendingPathComponent("google.txt").path
        #expect(try await command.run(["export", "--format", "google", "--plain", export] + vault).status == 0)
        let pages = try String(contentsOfFile: export, encoding: .utf8).split(separator: "\n")
        #expect(pages.count == 3)
        let other = try await Self.vault(command, "other")
        let outcome = try await command.run(["import", try command.file("two.txt", "\(pages[0])\n\(pages[2])\n")] + other)
        #expect(outcome.errors == "Page 2 of 3 of this Google Authenticator export is missing: scan it too.\n")
        #expect(outcome.output == "Added 15 accounts.\n")
    }

    @Test("Proton Authenticator and FreeOTP+ exports are recognised and imported")
    func newFormats() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command, "v")
        let proton = #"""
            {"version": 1, "entries": [
              {"id": "1", "content": {"uri": "otpauth://totp/Codeberg:lin?secret=JBSWY3DPEHPK3PXP&issuer=Codeberg", "entry_type": "Totp", "name": "lin"}, "note": "n"},
              {"id": "2", "content": {"uri": "steam://GEZDGNBVGY3TQOJQ", "entry_type": "Steam", "name": "player"}, "note": null},
              {"id": "3", "content": {"uri": "steam://", "entry_type": "Steam", "name": "broken"}}
            ]}
            """#
        var outcome = try await command.run(["import", try command.file("proton.json", proton)] + vault)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == "Added 2 accounts.\n")
        #expect(outcome.errors == "Skipped entry 3: the secret is missing.\n")
        let freeOTP = #"{"tokenOrder": ["Forgejo:kim"], "tokens": [{"algo": "SHA1", "counter": 0, "digits": 6, "issuerExt": "Forgejo", "label": "kim", "period": 30, "secret": [72, 101, 108, 108, -17, 1], "type": "TOTP"}]}"#
        outcome = try await command.run(["import", try command.file("freeotp.json", freeOTP)] + vault)
        #expect(outcome.output == "Added 1 account.\n", "\(outcome.errors)")
        outcome = try await command.run(["import", try command.file("proton-locked.json", #"{"version": 1, "salt": "c2FsdA==", "content": "AAAA"}"#)] + vault)
        #expect(outcome.status != 0)
        #expect(outcome.errors == "Error: This Proton Authenticator export is protected by a password this app cannot use. Export it again without one.\n")
        #expect(try await command.run(["list"] + vault).output.split(separator: "\n").count == 3)
    }
}
