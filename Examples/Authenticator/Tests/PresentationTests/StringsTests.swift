import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Keel
import Testing

/// The app's String Catalog: every key in English and Korean, and every
/// message the domain can show is one of its keys.
@Suite("The app's words", .timeLimit(.minutes(1)))
struct StringsTests {
    @Test("every key has English and Korean text, with the key's arguments")
    func complete() throws {
        let catalog = try AuthenticatorStrings.catalog()
        #expect(catalog.languages == ["en", "ko"])
        let problems = catalog.problems()
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test("every fizzle's message, notice and summary is in the catalog, and so are the texts they put in")
    func messagesAreKeys() throws {
        let keys = try AuthenticatorStrings.catalog().keys
        let entries: [EntryFizzle] = [
            .missingSecret, .invalidBase32Character("1", position: 3), .invalidBase32Length, .unsupportedDigits(9),
            .invalidPeriod(0), .missingCounter, .notANumber(field: "period"), .notANumber(field: "number of digits"),
            .notANumber(field: "counter"), .unsupportedAlgorithm, .unsupportedKind, .notAnOTPAuthURI, .malformedURI,
            .missingField("type"), .missingField("link"), .missingField("issuer or account name"),
            .missingField(.verbatim("info")), .notAnEntry, .malformedSecret, .damagedMigrationLink,
            .notText(field: "issuer"), .notText(field: "account name"), .negativeCounter,
        ]
        var imports: [ImportFizzle] = [.missingPages([2], of: 3), .missingPages([2, 4], of: 5), .missingPages(Array(1...12), of: 20), .mixedBatches]
        for format in ImportFormat.allCases {
            imports += [
                .passwordRequired(format: format), .wrongPassword(format: format), .damaged(format: format),
                .unsupportedVersion(format: format, version: 9), .encryptionNotSupported(format: format),
                .cannotWrite(format: format), .exportFailed(format: format),
            ]
        }
        let backups: [BackupFizzle] = [
            .folderRequired, .folderNotAbsolute, .folderHasControlCharacter, .keptOutOfRange, .passwordRequired, .vaultUnreadable,
            .folderUnusable(path: "/b"), .notWritten(path: "/b"), .notVerified(path: "/b"),
        ]
        var vaults: [VaultFizzle] = [
            .noVault, .vaultExists, .locked, .passphraseTooShort(minimum: 8), .passphrasesDiffer, .passwordTooShort(minimum: 8), .passwordsDiffer, .wrongPassphrase,
            .tryAgainLater(seconds: 1), .tryAgainLater(seconds: 30), .accountNotFound, .nothingToUndo,
            .duplicate(label: "GitHub"), .invalidSetting(.timeOffset), .invalidSetting(.autoLock),
            .plainExportNotConfirmed, .passphraseRequired, .newerVault, .passphraseChangedElsewhere, .busy,
            .diskFull, .notPermitted, .unusableFile, .damagedFile, .storageFailed, .cancelled,
        ]
        vaults += entries.map(VaultFizzle.invalidEntry) + imports.map(VaultFizzle.format) + backups.map(VaultFizzle.backup)
        var texts: [LocalizedText] = entries.map(\.message) + imports.map(\.message) + backups.map(\.message) + vaults.map(\.message)
        texts += [VaultNotice.damagedFileSetAside(path: "/v"), .folderTightened(path: "/v")].map(\.message)
        texts += [BackupStatus.failed(.vaultUnreadable, at: Date())].compactMap(\.warning)
        texts += OTPKind.allCases.map(\.title)
        texts += [ImportSummary(added: 1, skipped: 0), ImportSummary(added: 3, skipped: 1, repeated: 1), ImportSummary(added: 0, skipped: 2, repeated: 2)].map(\.message)
        for text in texts {
            for key in Self.keys(of: text) {
                let known = keys.contains(key)
                #expect(known, "not in the catalog: \(key) (in \(text))")
            }
        }
    }

    /// The keys `text` needs: its own (none for a verbatim text) and those of the texts it puts in.
    static func keys(of text: LocalizedText) -> [String] {
        (text == .verbatim(text.description) ? [] : [text.key]) + text.arguments.flatMap { argument -> [String] in
            if case .localized(let inner) = argument { keys(of: inner) } else { [] }
        }
    }
}
