import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import Testing

/// A backup that cannot be restored is the worst failure an authenticator
/// can have (issue 25: our own encrypted Aegis export of 11 accounts or more
/// could not be imported again). Every format the app writes is exported and
/// imported back, for vaults of 0, 1, 11 and 1,000 accounts, the way a person
/// does it: the export usecase, the file as the command line writes it, the
/// format recognised from the file's contents, then the preview and apply
/// usecases into another vault; every account comes back equal.
@Suite("Backups restore: every format the app writes reads back", .timeLimit(.minutes(5)))
struct BackupRoundTripTests {
    /// A format the app writes, as a person chooses it.
    enum Written: String, CaseIterable, Sendable {
        case aegisEncrypted, aegisPlain, otpauthLinks, googleExport

        var format: ImportFormat {
            switch self {
            case .aegisEncrypted, .aegisPlain: .aegis
            case .otpauthLinks: .otpauthText
            case .googleExport: .googleMigration
            }
        }

        var password: String? { self == .aegisEncrypted ? "backup password 한국 1" : nil }

        /// Whether the format carries groups and notes (Aegis), or only the
        /// issuer, the name, the secret and the parameters (links, Google).
        var carriesEverything: Bool { format == .aegis }

        /// Whether the format can carry the account made by ``accounts(_:)``
        /// at `index`: Google has no Steam, no period but 30 s, no 7 digits
        /// and no counter above 2^63 − 1; Aegis (a Java long) no such counter either.
        func carries(index: Int) -> Bool {
            switch self {
            case .aegisEncrypted, .aegisPlain: index % 6 != 5
            case .otpauthLinks: true
            case .googleExport: ![2, 3, 5].contains(index % 6)
            }
        }
    }

    /// `count` accounts that differ in everything a format may get wrong:
    /// kinds, algorithms, digits, periods, counters, long and short secrets,
    /// names with colons, non-ASCII text, empty issuers, groups and notes.
    static func accounts(_ count: Int) -> [Account] {
        (0..<count).map { index in
            let length = [10, 16, 20, 32, 64][index % 5]
            let secret = Secret(bytes: (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index &* 7 &+ index >> 8) })
            let parameters: OTPParameters
            switch index % 6 {
            case 0: parameters = .defaultTOTP
            case 1: parameters = try! OTPParameters(kind: .hotp, algorithm: .sha256, digits: 8, counter: UInt64(index) * 1_000_003)
            case 2: parameters = try! OTPParameters(algorithm: .sha512, digits: 7, period: 60)
            case 3: parameters = .steam
            case 4: parameters = try! OTPParameters(algorithm: .sha256, digits: 8, period: 30)
            default: parameters = try! OTPParameters(kind: .hotp, counter: UInt64(Int64.max) + UInt64(index))
            }
            let issuer = ["Example", "", "Bank 은행", "Zürich: Bank", "GitHub"][index % 5]
            let name = ["user\(index)@example.com", "ada:lovelace \(index)", "김철수 \(index)", "Example:\(index)", "n\(index)"][index % 5]
            return Account(
                issuer: issuer, name: name, secret: secret, parameters: parameters,
                groups: index % 4 == 0 ? ["Work", "팀 \(index % 3)"] : [], note: index % 3 == 0 ? "note \(index)\nsecond line" : "")
        }
    }

    /// The file the command line writes for an export (`authenticator export`).
    static func file(_ export: Export, _ written: Written) -> Data {
        written == .googleExport
            ? Data(export.pages.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n").utf8)
            : export.pages.first ?? Data()
    }

    /// An account as a format that carries no groups or notes gives it back.
    static func carried(_ account: Account, by written: Written) -> Account {
        written.carriesEverything
            ? account : Account(issuer: account.issuer, name: account.name, secret: account.secret, parameters: account.parameters)
    }

    @Test("Export, recognise, preview, apply: every account comes back equal", arguments: Written.allCases, [0, 1, 11, 1_000])
    func roundTrip(written: Written, count: Int) async throws {
        let accounts = Self.accounts(count)
        let original = try await Vessel.raft(accounts: accounts, unlocked: true)
        let export = try await original.exportAccountsAction(Vessel.raftPassphrase, written.format, written.password, written.password == nil)
        let data = Self.file(export, written)

        // The file is recognised from its contents, whatever its size.
        let format = try #require(ImportFormat.detect(data), "\(written), \(count) accounts: the format is not recognised")
        #expect(format == written.format)

        let restored = try await Vessel.raft()
        let report = try await restored.previewImportAction(data, format, written.password)
        #expect(report.reasons.isEmpty)
        #expect(report.notes.isEmpty)
        #expect(report.duplicates.isEmpty && report.repeated.isEmpty)
        let summary = try await restored.applyImportAction(report.newAccounts + report.duplicates + report.repeated)

        // Only what the format cannot carry is left out, each with its reason, and nothing else.
        let carried = accounts.indices.filter { written.carries(index: $0) }
        #expect(export.omitted.map(\.account) == accounts.indices.filter { !written.carries(index: $0) }.map { accounts[$0] })
        #expect(export.omitted.allSatisfy { !$0.reason.key.isEmpty })
        let expected = carried.map { Self.carried(accounts[$0], by: written) }
        #expect(summary == ImportSummary(added: expected.count, skipped: 0))
        let back = restored.appState.read { $0.accounts }.value?.map(\.account) ?? []
        #expect(back.count == expected.count)
        #expect(back == expected)
    }

    @Test("A wrong password restores nothing and says so; the right one then restores all")
    func wrongPassword() async throws {
        let accounts = Self.accounts(11)
        let original = try await Vessel.raft(accounts: accounts)
        let data = Self.file(try await original.exportAccountsAction(Vessel.raftPassphrase, .aegis, Written.aegisEncrypted.password, false), .aegisEncrypted)
        let restored = try await Vessel.raft()
        await #expect(throws: VaultFizzle.format(.passwordRequired(format: .aegis))) {
            _ = try await restored.previewImportAction(data, .aegis, nil)
        }
        await #expect(throws: VaultFizzle.format(.wrongPassword(format: .aegis))) {
            _ = try await restored.previewImportAction(data, .aegis, "not the password")
        }
        #expect(restored.appState.read { $0.accounts }.value?.isEmpty == true)
        let report = try await restored.previewImportAction(data, .aegis, Written.aegisEncrypted.password)
        let carried = accounts.indices.filter { Written.aegisEncrypted.carries(index: $0) }.count
        #expect(carried == 10)
        #expect(try await restored.applyImportAction(report.newAccounts).added == carried)
    }
}
