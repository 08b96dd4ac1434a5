import Foundation
import GRDB
import Testing

/// The vault's files as the command line and the server meet them: private,
/// a damaged one said loudly with where it went, a newer version's one left
/// alone, automatic backups turned on and failing out loud.
@Suite("The vault's files, from the command line and the server", .timeLimit(.minutes(5)))
struct VaultFileCommandTests {
    static let passphrase = "vault files passphrase"

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("init makes the data folder 0700 and every file 0600; a folder others could read is tightened, and said once")
    func permissions() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let data = command.directory.appendingPathComponent("new/data").path
        let vault = ["--data-dir", data, "--passphrase-file", try command.file("passphrase", Self.passphrase)]
        let created = try await command.run(["init"] + vault)
        #expect(created.status == 0 && !created.errors.contains("warning"), "\(created.errors)")
        #expect(try Self.mode(data) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: data)
        #expect(names.contains("vault.sqlite"))
        for name in names { #expect(try Self.mode(data + "/" + name) == 0o600, "\(name)") }
        // As an earlier version left them: open to everyone.
        #expect(chmod(data, 0o755) == 0)
        for name in names { #expect(chmod(data + "/" + name, 0o644) == 0) }
        let listed = try await command.run(["list"] + vault)
        #expect(listed.status == 0)
        #expect(listed.errors.contains("warning: The data folder \(data) could be read by other users"), "\(listed.errors)")
        #expect(try Self.mode(data) == 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: data) {
            #expect(try Self.mode(data + "/" + name) == 0o600, "\(name)")
        }
        #expect(!(try await command.run(["list"] + vault).errors.contains("warning")), "said once")
    }

    @Test("A damaged vault: the command line and the server say where it went and that the vault that opens is empty")
    func damaged() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let data = command.directory.appendingPathComponent("vault")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let garbage = Data("someone's vault, damaged".utf8)
        try garbage.write(to: data.appendingPathComponent("vault.sqlite"))
        let listed = try await command.run(["list", "--data-dir", data.path, "--passphrase-file", try command.file("p", Self.passphrase)])
        let damaged = try #require(try FileManager.default.contentsOfDirectory(atPath: data.path).first { $0.contains(".damaged-") })
        #expect(try Data(contentsOf: data.appendingPathComponent(damaged)) == garbage)
        #expect(listed.errors.contains("warning: The vault file was damaged. It was moved aside to \(data.path)/\(damaged)"), "\(listed.errors)")
        #expect(listed.errors.contains("none of your accounts are in it"))
        #expect(listed.errors.contains("There is no vault"))
        // The server says it on its console and on every page.
        let other = command.directory.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try garbage.write(to: other.appendingPathComponent("vault.sqlite"))
        let server = try await WebServerProcess(command: command, dataDirectory: other.path)
        let page = try await server.withBrowser { browser in try await browser.get("/unlock").body }
        let stopped = try await server.stop()
        #expect(stopped.errors.contains("authenticator-web: warning: The vault file was damaged. It was moved aside to \(other.path)/"))
        #expect(page.contains(#"role="status"><p>The vault file was damaged. It was moved aside to \#(other.path)/"#))
        #expect(page.contains("none of your accounts are in it"))
    }

    @Test("A vault a newer version wrote: no command writes to it, each says why, and the file stays as it was")
    func newerVault() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let data = command.directory.appendingPathComponent("vault").path
        let vault = ["--data-dir", data, "--passphrase-file", try command.file("passphrase", Self.passphrase)]
        #expect(try await command.run(["init"] + vault).status == 0)
        let file = data + "/vault.sqlite"
        // What a newer version would do: a migration of its own, with a constraint this version does not know.
        let queue = try DatabaseQueue(path: file)
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TABLE accountLabel (accountId INTEGER NOT NULL REFERENCES account(id), label TEXT NOT NULL);
                INSERT INTO grdb_migrations VALUES ('v5');
                """)
        }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let link = try command.file("link.txt", TestAccounts.link(1, issuer: "New") + "\n")
        for arguments in [["add", link], ["list"], ["passwd", "--new-passphrase-file", link]] {
            let outcome = try await command.run(arguments + vault)
            #expect(outcome.status != 0)
            #expect(outcome.errors.contains("This vault was written by a newer version of the Authenticator"), "\(outcome.errors)")
        }
        // The server does not start on it either, and says why.
        let server = try await command.start(["--data-dir", data, "--port", "0"], named: "authenticator-web").wait()
        #expect(server.status != 0)
        #expect(server.errors.contains("cannot start: This vault was written by a newer version"), "\(server.errors)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: data)).contains { $0.contains("damaged") })
    }

    @Test("backup turns automatic backups on, writes one per change, fails out loud, and turns them off")
    func backupCommand() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let data = command.directory.appendingPathComponent("vault").path
        let vault = ["--data-dir", data, "--passphrase-file", try command.file("passphrase", Self.passphrase)]
        #expect(try await command.run(["init"] + vault).status == 0)
        let folder = command.directory.appendingPathComponent("backups").path
        let off = try await command.run(["backup"] + vault)
        #expect(off.status != 0 && off.errors.contains("Automatic backups are off"))
        let password = try command.file("backup-password", "backups password")
        let on = try await command.run(["backup", "--folder", folder, "--keep", "2", "--password-file", password] + vault)
        #expect(on.status == 0, "\(on.errors)")
        #expect(on.output.hasPrefix("Last backup: \(folder)/authenticator-backup-"))
        for index in 0..<3 {
            let added = try await command.run(["add", try command.file("l\(index)", TestAccounts.link(index, issuer: "B") + "\n")] + vault)
            #expect(added.status == 0 && added.errors.isEmpty, "\(added.errors)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2, "the newest two kept")
        // The folder becomes unusable: the change stands, and the failure is said.
        try FileManager.default.removeItem(atPath: folder)
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: folder))
        let added = try await command.run(["add", try command.file("l9", TestAccounts.link(9, issuer: "B") + "\n")] + vault)
        #expect(added.status == 0)
        #expect(added.errors.contains("warning: The automatic backup failed: The backup folder \(folder) cannot be created"), "\(added.errors)")
        let now = try await command.run(["backup"] + vault)
        #expect(now.status != 0 && now.errors.contains("The automatic backup failed"))
        try FileManager.default.removeItem(atPath: folder)
        #expect(try await command.run(["backup"] + vault).status == 0)
        let stopped = try await command.run(["backup", "--off"] + vault)
        #expect(stopped.output == "Automatic backups are off.\n")
        #expect(try await command.run(["backup", "--off", "--folder", folder] + vault).status != 0)
    }
}
