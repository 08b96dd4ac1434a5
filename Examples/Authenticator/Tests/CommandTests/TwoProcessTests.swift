import Foundation
import HTTPTypes
import Testing

/// Two processes on one vault, as people run them: a server left unlocked in
/// a browser and the command line beside it, or two commands at once. What
/// leaves one process (an export, a code) is what the vault holds, not what
/// that process read when it unlocked, and a conflict says what happened.
@Suite("Two processes on one vault", .timeLimit(.minutes(5)))
struct TwoProcessTests {
    static let passphrase = "two processes passphrase"

    /// A command line with a vault created in it; its arguments.
    static func vault(_ command: CommandLine) async throws -> (data: String, arguments: [String]) {
        let data = command.directory.appendingPathComponent("vault").path
        let arguments = ["--data-dir", data, "--passphrase-file", try command.file("passphrase", Self.passphrase)]
        let created = try await command.run(["init"] + arguments)
        #expect(created.status == 0, "\(created.errors)")
        return (data, arguments)
    }

    @Test("A server's plain export holds the accounts the command line added after the server unlocked")
    func exportFromServer() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let (data, vault) = try await Self.vault(command)
        let links = (1...100).map { TestAccounts.link($0, issuer: "Line") }.joined(separator: "\n")
        let file = try command.file("links.txt", links + "\n")
        let server = try await WebServerProcess(command: command, dataDirectory: data)
        let export = try await server.withBrowser { browser in
            try await browser.unlock(Self.passphrase)
            // The server adds one account, then the command line a hundred, while the server stays unlocked.
            let added = try await browser.post("/add/link", [("uri", TestAccounts.link(0, issuer: "Server"))])
            #expect(added.status == .seeOther, "\(added.body)")
            let imported = try await command.run(["import", file] + vault)
            #expect(imported.output == "Added 100 accounts.\n", "\(imported.errors)")
            let written = try await browser.post(
                "/export", [("format", "otpauthText"), ("confirmsPlain", "1"), ("passphrase", Self.passphrase)])
            #expect(written.status == .seeOther, "\(written.body)")
            return try await browser.post("/export/download", [])
        }
        let stopped = try await server.stop()
        #expect(export.status == .ok)
        let lines = export.body.split(separator: "\n")
        #expect(lines.count == 101, "the export holds \(lines.count) of the 101 accounts")
        #expect(lines.filter { $0.hasPrefix("otpauth://totp/Line:") }.count == 100)
        #expect(!stopped.errors.contains(Self.passphrase))
    }

    @Test("A counter used three times by the command line and three times by a server ends at 6: no code twice")
    func counterFromTwoProcesses() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let (data, vault) = try await Self.vault(command)
        // RFC 4226's secret ("12345678901234567890"), counter 0.
        let link = try command.file("hotp.txt", "otpauth://hotp/Bank:ada?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Bank&counter=0\n")
        #expect(try await command.run(["add", link] + vault).status == 0)
        let server = try await WebServerProcess(command: command, dataDirectory: data)
        let codes = try await server.withBrowser { browser in
            try await browser.unlock(Self.passphrase)
            var codes: [String] = []
            for _ in 0..<3 {
                let shown = try await command.run(["show", "bank"] + vault)
                #expect(shown.status == 0, "\(shown.errors)")
                codes.append(String(shown.output.prefix(6)))
            }
            for _ in 0..<3 {
                let copied = try await browser.post("/copy", [("id", "1")])
                #expect(copied.status == .seeOther)
            }
            return codes
        }
        _ = try await server.stop()
        #expect(codes == ["755224", "287082", "359152"])
        let listed = TestAccounts.rows(try await command.run(["list"] + vault).output)
        #expect(listed.first?[2] == "counter 6")
        // The next code is RFC 4226's seventh (counter 6): none was handed out twice.
        #expect(try await command.run(["show", "bank"] + vault).output.hasPrefix("287922"))
    }

    @Test("Two passphrase changes at once: one is saved, the other says why not; never a storage failure")
    func twoPassphraseChanges() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let (data, _) = try await Self.vault(command)
        var current = try command.file("current-0", Self.passphrase)
        for round in 0..<3 {
            let candidates = try (0..<2).map { try command.file("new-\(round)-\($0)", "new passphrase \(round) \($0)") }
            let runs = try candidates.map { new in
                try command.start(["passwd", "--data-dir", data, "--passphrase-file", current, "--new-passphrase-file", new])
            }
            var outcomes: [CommandLine.Outcome] = []
            for run in runs { outcomes.append(try await run.wait()) }
            let winners = outcomes.indices.filter { outcomes[$0].status == 0 }
            #expect(winners.count == 1, "\(outcomes.map(\.errors))")
            for outcome in outcomes where outcome.status != 0 {
                // What happened: the other change was saved first (found when saving, or when
                // checking the old passphrase), or, on a machine too busy, the other held the vault too long.
                #expect(
                    outcome.errors.contains("changed in another window or program")
                        || outcome.errors.contains("does not unlock the vault")
                        || outcome.errors.contains("The vault is busy in another window or program"),
                    "\(outcome.errors)")
                #expect(!outcome.errors.contains("free space"))
            }
            guard let winner = winners.first else { return }
            let loser = candidates[1 - winner]
            #expect(try await command.run(["list", "--data-dir", data, "--passphrase-file", candidates[winner]]).status == 0)
            #expect(try await command.run(["list", "--data-dir", data, "--passphrase-file", loser]).status != 0)
            current = candidates[winner]
        }
    }
}
