import AuthenticatorDomain
import Foundation
import Testing

@Suite("The vault's rules: passphrases, delays, settings, messages", .timeLimit(.minutes(5)))
struct VaultDomainTests {
    @Test("A passphrase under the minimum length is refused with its minimum in the message")
    func passphraseLength() {
        #expect(Passphrase.problem(with: "1234567") == .passphraseTooShort(minimum: 8))
        #expect(Passphrase.problem(with: "12345678") == nil)
        #expect(Passphrase.problem(with: "한국어비밀번호임") == nil, "characters count, not bytes")
        #expect(VaultFizzle.passphraseTooShort(minimum: 8).message.description.contains("at least 8 characters"))
    }

    @Test("Wrong passphrases slow down: free for three, then doubling, at most five minutes")
    func delays() {
        #expect((0...3).map(Passphrase.delay(afterFailures:)) == [0, 0, 0, 0])
        #expect((4...8).map(Passphrase.delay(afterFailures:)) == [1, 2, 4, 8, 16])
        #expect(Passphrase.delay(afterFailures: 13) == 300)
        #expect(Passphrase.delay(afterFailures: 10_000) == 300)
    }

    @Test("Settings out of range are refused, naming the setting")
    func settingsRanges() {
        #expect(VaultSettings().problem == nil)
        #expect(VaultSettings(timeOffset: 86_401).problem == .invalidSetting(.timeOffset))
        #expect(VaultSettings(timeOffset: -86_400).problem == nil)
        #expect(VaultSettings(autoLockMinutes: -1).problem == .invalidSetting(.autoLock))
        #expect(VaultSettings(autoLockMinutes: 1_441).problem == .invalidSetting(.autoLock))
        #expect(VaultFizzle.invalidSetting(.timeOffset).message.description.contains("time offset"))
        #expect(VaultFizzle.invalidSetting(.autoLock).message.description.contains("Auto-lock"))
    }

    @Test("Every vault fizzle has a message of its own that names no secret", arguments: [
        VaultFizzle.noVault, .vaultExists, .locked, .passphraseTooShort(minimum: 8), .passphrasesDiffer,
        .wrongPassphrase, .tryAgainLater(seconds: 1), .tryAgainLater(seconds: 30), .accountNotFound, .nothingToUndo,
        .invalidEntry(.missingSecret), .duplicate(label: "GitHub (ada)"), .invalidSetting(.timeOffset),
        .format(.wrongPassword(format: .aegis)), .plainExportNotConfirmed, .passphraseRequired, .newerVault,
        .passphraseChangedElsewhere, .busy, .backup(.folderRequired), .diskFull, .notPermitted, .unusableFile, .damagedFile, .storageFailed,
    ])
    func messages(fizzle: VaultFizzle) {
        let message = fizzle.message.description
        #expect(!message.isEmpty)
        #expect(message.first?.isUppercase == true || message.first?.isLetter == false || message.hasPrefix("GitHub"))
    }

    @Test("Messages say what happened")
    func messageContents() {
        #expect(VaultFizzle.tryAgainLater(seconds: 1).message.description.hasSuffix("1 second."))
        #expect(VaultFizzle.tryAgainLater(seconds: 4).message.description.hasSuffix("4 seconds."))
        #expect(VaultFizzle.invalidEntry(.missingSecret).message.description == "This account cannot be added: the secret is missing.")
        #expect(VaultFizzle.format(.wrongPassword(format: .aegis)).message == ImportFizzle.wrongPassword(format: .aegis).message)
        #expect(VaultFizzle.newerVault.message.description.contains("newer version"))
        #expect(VaultFizzle.passphraseChangedElsewhere.message.description.contains("changed in another window or program"))
        #expect(VaultFizzle.backup(.notWritten(path: "/b")).message == BackupFizzle.notWritten(path: "/b").message)
        #expect(VaultFizzle.duplicate(label: "GitHub (ada)").message.description.hasPrefix("GitHub (ada)"))
    }

    @Test("A data key and a saved account never show their bytes")
    func redaction() {
        let key = DataKey(bytes: Array(repeating: 0xAB, count: 32))
        var dumped = ""
        dump(key, to: &dumped)
        for text in [key.description, key.debugDescription, "\(key)", dumped] {
            #expect(!text.contains("171"), "\(text)")
            #expect(!text.lowercased().contains("ab, "), "\(text)")
        }
        let saved = SavedAccount(
            id: AccountID(7), account: Account(issuer: "Bank", name: "ada", secret: Secret(bytes: Array("12345678901234567890".utf8))),
            position: 0)
        #expect(saved.description == "SavedAccount(7, Account(Bank (ada), totp SHA1 6 digits 30 s), isFavourite: false, position: 0, lastUsed: nil)")
        #expect(AccountID(1) < AccountID(2))
    }

    @Test("Tags are the account's groups")
    func tags() {
        var saved = SavedAccount(id: AccountID(1), account: Account(issuer: "A", name: "b", secret: Secret(bytes: [1])), position: 0)
        saved.tags = ["work"]
        #expect(saved.account.groups == ["work"])
    }

    @Test("A counter-based account advances its counter; others do not change")
    func advance() throws {
        let hotp = try OTPParameters(kind: .hotp, counter: 41)
        #expect(hotp.advanced().counter == 42)
        #expect(try OTPParameters(kind: .hotp, counter: .max).advanced().counter == 0)
        #expect(OTPParameters.defaultTOTP.advanced() == .defaultTOTP)
        #expect(OTPParameters.steam.advanced() == .steam)
    }

    @Test("An import summary says what was added and skipped")
    func summary() {
        #expect(ImportSummary(added: 1, skipped: 0).message.description == "Added 1 account.")
        #expect(ImportSummary(added: 3, skipped: 1).message.description == "Added 3 accounts; 1 was already in the vault.")
        #expect(ImportSummary(added: 0, skipped: 2).message.description == "Added 0 accounts; 2 were already in the vault.")
        // Repeats within the import are never called "already in the vault".
        #expect(ImportSummary(added: 2, skipped: 0, repeated: 1).message.description
            == "Added 2 accounts; 1 was a repeat of an account earlier in the import.")
        #expect(ImportSummary(added: 2, skipped: 1, repeated: 3).message.description
            == "Added 2 accounts; 1 was already in the vault; 3 were repeats of an account earlier in the import.")
    }

    @Test("Routing: a scene without an entry shows no sheet")
    func routing() {
        var state = AppState()
        #expect(state.routing(of: "tab").sheet == nil)
        state.routing["tab"] = AppState.Routing(sheet: .settings)
        #expect(state.routing(of: "tab") == AppState.Routing(sheet: .settings))
        #expect(LockState.unlocked.isUnlocked && !LockState.locked.isUnlocked)
    }

    @Test("Import formats are recognised from their structure", arguments: [
        ("otpauth://totp/A?secret=JBSWY3DP", ImportFormat.otpauthText),
        ("  otpauth-migration://offline?data=abc", .googleMigration),
        ("otpauth-migration://offline?data=abc\notpauth-migration://offline?data=def\n", .googleMigration),
        ("otpauth-migration://offline?data=abc\notpauth://totp/A?secret=JBSWY3DP", .otpauthText),
        ("\u{FEFF}OTPAUTH://totp/A?secret=JBSWY3DP", .otpauthText),
        (#"{"version": 1, "header": {}, "db": {}}"#, .aegis),
        (#"{"version": 1, "header": {"slots": null, "params": null}, "db": {"version": 3, "entries": []}}"#, .aegis),
        (#"{"services": [], "schemaVersion": 4}"#, .twoFAS),
        (#"{"servicesEncrypted": "…"}"#, .twoFAS),
        (#"{"encrypted": false, "items": []}"#, .bitwarden),
        (#"[{"secret": "A"}]"#, .andOTP),
        (#"{"version": 1, "entries": [{"id": "x", "content": {"uri": "otpauth://totp/A?secret=B", "entry_type": "Totp"}}]}"#,
         .protonAuthenticator),
        (#"{"version": 1, "salt": "c2FsdA==", "content": "Y29udGVudA=="}"#, .protonAuthenticator),
        (#"{"tokenOrder": ["A:b"], "tokens": [{"secret": [1, -2], "type": "TOTP"}]}"#, .freeOTPPlus),
        (#"{"tokens": []}"#, .freeOTPPlus),
    ])
    func detection(text: String, format: ImportFormat) {
        #expect(ImportFormat.detect(Data(text.utf8)) == format)
    }

    /// Issue 25: an encrypted Aegis vault whose keys are sorted holds its
    /// long `db` before its `header`; detection read only the first 4,096
    /// bytes, so a vault of 11 accounts or more was not recognised.
    @Test("The order of the keys and the length of their values do not matter")
    func detectionIgnoresOrderAndLength() {
        let ciphertext = String(repeating: "QUJD", count: 5_000)
        let dbFirst = #"{"db": "\#(ciphertext)", "header": {"params": {"nonce": "00", "tag": "00"}, "slots": []}, "version": 1}"#
        #expect(ImportFormat.detect(Data(dbFirst.utf8)) == .aegis)
        let entries = (0..<300).map { #"{"secret": "JBSWY3DPEHPK3PXP", "issuer": "I\#($0)"}"# }.joined(separator: ",")
        #expect(ImportFormat.detect(Data(#"{"schemaVersion": 4, "groups": [], "services": [\#(entries)]}"#.utf8)) == .twoFAS)
        let tokens = (0..<300).map { _ in #"{"secret": [1, 2, 3], "type": "TOTP"}"# }.joined(separator: ",")
        #expect(ImportFormat.detect(Data(#"{"tokenOrder": [], "tokens": [\#(tokens)]}"#.utf8)) == .freeOTPPlus)
    }

    /// Issue 25: the text reader skips `#` comments, detection did not.
    @Test("A text of links that begins with # comments is a text of links")
    func detectionSkipsComments() {
        let text = "# exported by hand\n#\n\n  # indented\notpauth://totp/A:b?secret=JBSWY3DPEHPK3PXP\n"
        #expect(ImportFormat.detect(Data(text.utf8)) == .otpauthText)
        #expect(ImportFormat.detect(Data("# pages\notpauth-migration://offline?data=abc\n".utf8)) == .googleMigration)
        // A list of no links, as the app writes one, is still a list of links.
        #expect(ImportFormat.detect(Data("# A list of otpauth links, holding no accounts.\n".utf8)) == .otpauthText)
    }

    @Test("Anything else is not guessed")
    func noDetection() {
        #expect(ImportFormat.detect(Data("hello".utf8)) == nil)
        #expect(ImportFormat.detect(Data("# a comment\nhello\notpauth://totp/A?secret=JBSWY3DP".utf8)) == nil)
        #expect(ImportFormat.detect(Data("".utf8)) == nil)
        #expect(ImportFormat.detect(Data(" \n\t\n".utf8)) == nil)
        #expect(ImportFormat.detect(Data(#"{"other": 1}"#.utf8)) == nil)
        #expect(ImportFormat.detect(Data(#""just a string""#.utf8)) == nil)
        #expect(ImportFormat.detect(Data(#"{"header": {}, "db": "cut sh"#.utf8)) == nil, "JSON that does not parse")
        #expect(ImportFormat.detect(Data([0xFF, 0xFE, 0x00])) == nil)
    }
}
