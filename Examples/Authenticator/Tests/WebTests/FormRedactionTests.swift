@testable import AuthenticatorWeb
import Foundation
import Testing

/// The forms a request is decoded into hold secrets and passphrases as typed:
/// none shows them in a description, a dump or a failed expectation.
@Suite("Decoded forms never show what was typed", .timeLimit(.minutes(5)))
struct FormRedactionTests {
    static let typed = "JBSWY3DPEHPK3PXP"

    @Test("unlock, add, link, export, backup, passphrase and import forms")
    func redacted() {
        let t = Self.typed
        let forms: [Any] = [
            UnlockForm(tab: "a", token: "b", passphrase: t, confirmation: t, known: t),
            ResumeForm(tab: "a", token: "b", key: t),
            AddForm(tab: "a", token: "b", issuer: "A", name: "b", secret: t, kind: "totp", algorithm: "sha1",
                    digits: "6", period: "30", counter: nil),
            LinkForm(tab: "a", token: "b", uri: "otpauth://totp/A:b?secret=\(t)"),
            ExportForm(tab: "a", token: "b", format: "aegis", password: t, confirmation: t, confirmsPlain: nil, passphrase: t),
            BackupForm(tab: "a", token: "b", enabled: "1", folder: "/backups", kept: "3", password: t, confirmation: t),
            PassphraseForm(tab: "a", token: "b", current: t, new: t, confirmation: t),
            ImportUpload(tab: "a", token: "b", format: "otpauthText", password: t, data: Data(t.utf8)),
        ]
        for form in forms {
            var dumped = ""
            dump(form, to: &dumped)
            for text in [String(describing: form), String(reflecting: form), "\(form)", dumped] {
                #expect(!text.contains(t), "\(text)")
                #expect(text.contains("redacted"), "\(text)")
            }
        }
    }
}
