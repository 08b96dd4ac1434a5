import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import Foundation
import Keel
import KeelTesting
import Testing

@MainActor
@Suite("Import and export screens", .timeLimit(.minutes(5)))
struct ImportExportViewModelTests {
    static let github = Account(issuer: "GitHub", name: "ada", secret: Secret(bytes: Array("12345678901234567890".utf8)))
    static let text = """
        otpauth://totp/GitHub:ada?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=GitHub
        otpauth://totp/New:one?secret=JBSWY3DPEHPK3PXP&issuer=New
        otpauth://totp/Other:two?secret=JBSWY3DPEHPK3PXQ&issuer=Other
        otpauth://totp/Broken:two?secret=AB1C&issuer=Broken
        """

    @Test("Paste, preview (new, duplicate, invalid with its reason), choose, apply, summary")
    func importFlow() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github])
        let model = ImportViewModel(raft)
        await settle { model.send(.previewText) }
        #expect(model.message == "Paste the exported text, or choose a file, first.")
        model.text = Self.text
        await settle { model.send(.previewText) }
        #expect(model.rows.map(\.status) == [.duplicate, .new, .new, .invalid])
        #expect(model.rows[3].reason?.description == "the secret contains '1' at position 3, which Base32 does not use")
        #expect(model.rows[3].location.description == "line 4")
        #expect(model.previewSummary?.description == "2 new, 1 already in the vault, 1 invalid")
        #expect(model.rows.filter(\.isChosen).map(\.label) == ["New (one)", "Other (two)"])
        model.send(.toggle(2))
        model.send(.toggle(0))
        model.send(.toggle(99))
        #expect(model.chosen == [1])
        #expect(model.canApply)
        await settle { model.send(.apply) }
        #expect(model.summary == ImportSummary(added: 1, skipped: 0))
        #expect(model.report == nil && model.text.isEmpty)
        #expect(raft.appState.read { $0.accounts }.value?.map(\.account.issuer) == ["GitHub", "New"])
    }

    @Test("The preview in Korean: each row's location and reason, and the summary, come from the catalog")
    func previewInKorean() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github])
        let model = ImportViewModel(raft)
        model.text = Self.text + "\notpauth://totp/New:one?secret=JBSWY3DPEHPK3PXP&issuer=New"
        await settle { model.send(.previewText) }
        let catalog = try AuthenticatorStrings.catalog()
        func korean(_ text: LocalizedText?) -> String? { text.map { catalog.string($0, language: "ko") } }
        #expect(korean(model.rows[3].location) == "4번째 줄")
        #expect(korean(model.rows[0].reason) == "이미 보관함에 있음")
        #expect(korean(model.rows[3].reason) == "비밀 키의 3번째 글자 '1'은 Base32에서 쓰지 않는 글자입니다")
        #expect(korean(model.rows[4].reason) == "2번째 줄의 계정과 같음")
        #expect(korean(model.previewSummary) == "새 계정 2개, 이미 있는 계정 1개, 가져올 목록 안에서 중복된 항목 1개, 잘못된 항목 1개")
    }

    @Test("Choosing none refuses to apply; choosing all takes every new row")
    func choosing() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github])
        let model = ImportViewModel(raft)
        await settle { model.send(.previewFile(Data(Self.text.utf8))) }
        model.send(.chooseAll(false))
        #expect(!model.canApply)
        await settle { model.send(.apply) }
        #expect(model.message == "Choose at least one account to import.")
        model.send(.chooseAll(true))
        #expect(model.chosen == [1, 2])
        model.send(.reset)
        #expect(model.report == nil && model.chosen.isEmpty && model.message == nil)
        #expect(model.formats.count == ImportFormat.allCases.count)
    }

    /// Issue 25: an account repeated within a file imported into an empty
    /// vault was shown as "already in the vault".
    @Test("An account repeated in the import is a repeat, not one already in the vault")
    func repeats() async throws {
        let raft = try await Vessel.raft(unlocked: true)
        let model = ImportViewModel(raft)
        model.text = """
            otpauth://totp/New:one?secret=JBSWY3DPEHPK3PXP&issuer=New
            otpauth://totp/New:one?secret=JBSWY3DPEHPK3PXP&issuer=New
            otpauth://totp/Other:two?secret=JBSWY3DPEHPK3PXQ&issuer=Other
            """
        await settle { model.send(.previewText) }
        #expect(model.rows.map(\.status) == [.new, .repeated, .new])
        #expect(model.rows[1].reason?.description == "the same account as line 1")
        #expect(model.rows[1].isChosen == false)
        #expect(model.previewSummary?.description == "2 new, 0 already in the vault, 1 repeated in the import, 0 invalid")
        await settle { model.send(.apply) }
        #expect(model.summary?.message.description == "Added 2 accounts.")
    }

    @Test("A damaged or locked file says why, and previews nothing")
    func importFailures() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github])
        let model = ImportViewModel(raft)
        model.format = .aegis
        await settle { model.send(.previewFile(Data("{not json".utf8))) }
        #expect(model.message == ImportFizzle.damaged(format: .aegis).message)
        #expect(model.report == nil)
        model.format = .otpauthText
        await settle { model.send(.previewFile(Data("# nothing here\n".utf8))) }
        #expect(model.message == "Nothing to import was found.")
    }

    @Test("Export: an Aegis vault needs a good password typed twice; a plain file needs the confirmation")
    func export() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github])
        let model = ExportViewModel(raft)
        #expect(model.isEncrypted && model.plainWarning == nil)
        #expect(model.formats == [.otpauthText, .googleMigration, .aegis])
        #expect(!model.canExport)
        model.password = "short"
        await settle { model.send(.export) }
        #expect(model.message?.description == "The password must have at least 8 characters.", "the file's password, not the vault's passphrase")
        model.password = "export password"
        model.confirmation = "export passworD"
        await settle { model.send(.export) }
        #expect(model.message?.description == "The two passwords differ. Type the same password twice.")
        model.confirmation = "export password"
        await settle { model.send(.export) }
        #expect(model.message == VaultFizzle.passphraseRequired.message, "the vault's passphrase is asked again")
        #expect(model.export == nil)
        model.passphrase = Vessel.raftPassphrase
        #expect(model.canExport)
        await settle { model.send(.export) }
        #expect(model.export?.pages.count == 1)
        #expect(model.passphrase.isEmpty, "the vault's passphrase is not kept")
        #expect(model.password.isEmpty)
        #expect(model.fileName == "accounts.aegis.json")
        model.send(.clear)
        #expect(model.export == nil)

        model.format = .otpauthText
        #expect(model.plainWarning != nil)
        #expect(!model.canExport)
        await settle { model.send(.export) }
        #expect(model.message == VaultFizzle.plainExportNotConfirmed.message)
        model.confirmsPlain = true
        #expect(!model.canExport)
        model.passphrase = Vessel.raftPassphrase
        #expect(model.canExport)
        await settle { model.send(.export) }
        #expect(model.export.map { String(decoding: $0.pages[0], as: UTF8.self) }?.hasPrefix("otpauth://") == true)
        #expect(model.fileName == "accounts.otpauth.txt")
        model.format = .googleMigration
        #expect(model.fileName == "accounts.google.txt")
    }

    @Test("Export: an Aegis vault without a password, confirmed, is a plain vault")
    func plainAegis() async throws {
        let raft = try await Vessel.raft(accounts: [Self.github])
        let model = ExportViewModel(raft)
        model.passphrase = Vessel.raftPassphrase
        model.format = .aegis
        #expect(model.isEncrypted && !model.canExport)
        model.confirmsPlain = true
        #expect(!model.isEncrypted && model.canExport && model.plainWarning != nil)
        await settle { model.send(.export) }
        let page = try #require(model.export?.pages.first)
        let vault = try #require(try JSONSerialization.jsonObject(with: page) as? [String: Any])
        #expect(vault["db"] is [String: Any])
        // A password typed makes it encrypted again, confirmation or not.
        model.password = "export password"
        #expect(model.isEncrypted)
    }
}
