import Foundation
import GRDB
import Testing

/// `authenticator import`, `list` and `show` with files other apps publish
/// and names that try to forge rows of the tab-separated output.
@Suite("authenticator import of other apps' files", .timeLimit(.minutes(2)))
struct CommandImportFileTests {
    static let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

    @Test("A name holding line breaks and tabs is refused at import and cannot forge a row of list or show")
    func forgedRowsRefused() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await CommandImportTests.vault(command, "v")
        let forged = "ada%0A9%09000000%0930s%09PayPal%09victim"
        let links = """
            otpauth://totp/Mail:\(forged)?secret=\(Self.secret)&issuer=Mail
            otpauth://totp/Mail:bob?secret=\(Self.secret)&issuer=Mail

            """
        let outcome = try await command.run(["import", try command.file("links.txt", links)] + vault)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == "Added 1 account.\n")
        #expect(outcome.errors == "Skipped line 1: the account name contains a line break, a tab or another control character.\n")
        let list = try await command.run(["list", "--time", "1700000000"] + vault)
        #expect(TestAccounts.rows(list.output).map { $0.suffix(2) } == [["Mail", "bob"]])
        #expect(!list.output.contains("PayPal"))
        // Nor is it added on its own.
        let link = try command.file("link.txt", "otpauth://totp/Mail:\(forged)?secret=\(Self.secret)&issuer=Bank\n")
        let added = try await command.run(["add", link] + vault)
        #expect(added.status != 0)
        #expect(added.errors.contains("the account name contains a line break, a tab or another control character"), "\(added.errors)")
    }

    @Test("A vault written earlier with such a name: list and show escape control characters, one line per account")
    func escapedOutput() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await CommandImportTests.vault(command, "v")
        let link = "otpauth://totp/Mail:bob?secret=\(Self.secret)&issuer=Mail\n"
        #expect(try await command.run(["import", try command.file("links.txt", link)] + vault).status == 0)
        let queue = try DatabaseQueue(path: vault[1] + "/vault.sqlite")
        try await queue.write { db in
            try db.execute(
                sql: "UPDATE account SET name = ?, issuer = ?",
                arguments: ["ada\n9\t000000\t30s\tPayPal\tvictim\r\u{1B}[2K", "Mail\tBank"])
        }
        try queue.close()
        let list = try await command.run(["list", "--time", "1700000000"] + vault)
        #expect(list.status == 0, "\(list.errors)")
        let rows = TestAccounts.rows(list.output)
        #expect(rows.count == 1)
        #expect(rows.first?.suffix(2) == [#"Mail\tBank"#, #"ada\n9\t000000\t30s\tPayPal\tvictim\r\u{1B}[2K"#])
        let show = try await command.run(["show", "victim", "--time", "1700000000"] + vault)
        #expect(show.status == 0, "\(show.errors)")
        let shown = TestAccounts.rows(show.output)
        #expect(shown.count == 1)
        #expect(shown.first?.suffix(2) == [#"Mail\tBank"#, #"ada\n9\t000000\t30s\tPayPal\tvictim\r\u{1B}[2K"#])
    }

    @Test("Several one-page Google exports with comments between them import without --format")
    func onePageExports() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await CommandImportTests.vault(command, "v")
        // Two one-page exports (batch ids 1 and 2) of one account each, built by hand:
        // entry {secret "Hello!\u{DE}\u{AD}\u{BE}\u{EF}", name, issuer, SHA1, 6 digits, TOTP}, version 1, batch size 1, index 0.
        func page(name: String, batchID: UInt8) -> String {
            let nameBytes = Array(name.utf8)
            var entry: [UInt8] = [0x0A, 10] + Array("Hello!".utf8) + [0xDE, 0xAD, 0xBE, 0xEF]
            entry += [0x12, UInt8(nameBytes.count)] + nameBytes + [0x1A, 4] + Array("Mail".utf8) + [0x20, 1, 0x28, 1, 0x30, 2]
            let payload: [UInt8] = [0x0A, UInt8(entry.count)] + entry + [0x10, 1, 0x18, 1, 0x20, 0, 0x28, batchID]
            let base64 = Data(payload).base64EncodedString()
                .replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "/", with: "%2F")
                .replacingOccurrences(of: "=", with: "%3D")
            return "otpauth-migration://offline?data=\(base64)"
        }
        let text = "# first export\n\(page(name: "ada", batchID: 1))\n# second export\n\(page(name: "bob", batchID: 2))\n"
        let outcome = try await command.run(["import", try command.file("export.txt", text)] + vault)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == "Added 2 accounts.\n")
    }

    @Test("Raivo and Duo exports are refused as what they are")
    func foreignFormats() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await CommandImportTests.vault(command, "v")
        let raivo = #"[{"issuer": "A", "account": "b", "secret": "JBSWY3DPEHPK3PXP", "algorithm": "SHA1", "digits": "6", "kind": "TOTP", "timer": "30", "counter": "0", "pinned": "false", "iconType": "", "iconValue": ""}]"#
        let duo = #"[{"name": "A", "otpGenerator": {"otpSecret": "JBSWY3DPEHPK3PXP", "counter": 0}, "accountType": "OtpAccount", "logoUri": ""}]"#
        for (name, text) in [("Raivo OTP", raivo), ("Duo Mobile", duo)] {
            let file = try command.file("export.json", text)
            for arguments in [["import", file], ["import", file, "--format", "andOTP"]] {
                let outcome = try await command.run(arguments + vault)
                #expect(outcome.status != 0, "\(arguments)")
                #expect(outcome.errors == "Error: This file looks like a \(name) export, a format this app does not read.\n")
                #expect(outcome.output.isEmpty)
            }
        }
    }

    @Test("A file over the import limit is refused with the limit, before it is read")
    func fileTooLarge() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await CommandImportTests.vault(command, "v")
        let link = "otpauth://totp/Mail:bob?secret=\(Self.secret)&issuer=Mail\n"
        let text = link + String(repeating: "#", count: 8 * 1024 * 1024)
        let outcome = try await command.run(["import", try command.file("big.txt", text)] + vault)
        #expect(outcome.status != 0)
        #expect(outcome.errors == "Error: The file is too large to import (at most 8192 KB).\n")
    }
}
