import Foundation
import Testing

/// The command line speaks the language of its environment (`LANG`,
/// `LC_ALL`, `LANGUAGE`), from the app's catalog; English when it has none
/// of the catalog's languages.
@Suite("authenticator speaks the environment's language", .timeLimit(.minutes(5)))
struct CommandLanguageTests {
    @Test("Messages, counts and prompts' errors in Korean with LANG=ko_KR.UTF-8, in English with LANG=C")
    func korean() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let data = command.directory.appendingPathComponent("vault").path
        let passphrase = try command.file("passphrase", "correct horse battery")
        let korean = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR.UTF-8"]

        var outcome = try await command.run(["list", "--data-dir", data, "--passphrase-file", passphrase], environment: korean)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("에는 아직 보관함이 없습니다. `authenticator init`으로 만드세요."), "\(outcome.errors)")
        outcome = try await command.run(["list", "--data-dir", data, "--passphrase-file", passphrase], environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"])
        #expect(outcome.errors.contains("yet. Create one with `authenticator init`."), "\(outcome.errors)")

        outcome = try await command.run(["init", "--data-dir", data, "--passphrase-file", passphrase], environment: korean)
        #expect(outcome.output.contains("에 보관함을 만들었습니다."), "\(outcome.output)")
        outcome = try await command.run(["list", "--data-dir", data, "--passphrase-file", passphrase], environment: korean)
        #expect(outcome.errors.contains("아직 계정이 없습니다"), "\(outcome.errors)")

        // A fizzle from the domain, and a count: the catalog's plural rules.
        let links = try command.file("links", """
            otpauth://totp/GitHub:ada?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=GitHub
            otpauth://totp/Broken:two?secret=AB1C&issuer=Broken
            """)
        outcome = try await command.run(["import", links, "--data-dir", data, "--passphrase-file", passphrase], environment: korean)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.errors.contains("건너뛰었습니다(2번째 줄: 비밀 키의 3번째 글자 '1'은 Base32에서 쓰지 않는 글자입니다)."), "\(outcome.errors)")
        #expect(outcome.output.contains("계정 1개"), "\(outcome.output)")

        // LANGUAGE lists languages before the locale's, as gettext reads it.
        outcome = try await command.run(
            ["import", "--data-dir", data, "--passphrase-file", passphrase, "--format", "nope", links],
            environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ko_KR.UTF-8", "LANGUAGE": "en"])
        #expect(outcome.errors.contains("Unknown format “nope”"), "\(outcome.errors)")
        outcome = try await command.run(
            ["import", "--data-dir", data, "--passphrase-file", passphrase, "--format", "nope", links], environment: korean)
        #expect(outcome.errors.contains("알 수 없는 형식 “nope”"), "\(outcome.errors)")
    }
}
