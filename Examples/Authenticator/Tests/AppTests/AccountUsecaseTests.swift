@testable import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import Keel
import KeelTesting
import Testing

/// Adding, editing, deleting, ordering and using accounts.
@Suite("Account usecases", .timeLimit(.minutes(5)))
struct AccountUsecaseTests {
    static func accounts(_ raft: Vessel) -> [SavedAccount] {
        raft.appState.read { $0.accounts }.value ?? []
    }

    static func id(_ raft: Vessel, _ issuer: String) throws -> AccountID {
        try #require(accounts(raft).first { $0.account.issuer == issuer }?.id)
    }

    @Test("Adding appends to the vault and the state; the same account again is a duplicate")
    func add() async throws {
        let raft = try await Vessel.raft()
        let saved = try await raft.addAccountAction(Samples.github)
        _ = try await raft.addAccountAction(Samples.gitlab)
        #expect(Self.accounts(raft).map(\.account) == [Samples.github, Samples.gitlab])
        #expect(Self.accounts(raft).first == saved)
        await #expect(throws: VaultFizzle.duplicate(label: "GitHub (ada@example.com)")) {
            _ = try await raft.addAccountAction(Samples.github)
        }
        // What the state shows is what the vault holds.
        await raft.lockVaultAction()
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        #expect(Self.accounts(raft).map(\.account) == [Samples.github, Samples.gitlab])
    }

    @Test("A link adds its account; a broken link says what is wrong and adds nothing")
    func addLink() async throws {
        let raft = try await Vessel.raft()
        let saved = try await raft.addAccountLinkAction(
            "otpauth://totp/Example:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Example")
        #expect(saved.account.issuer == "Example")
        #expect(saved.account.name == "alice@example.com")
        await #expect(throws: VaultFizzle.invalidEntry(.notAnOTPAuthURI)) { _ = try await raft.addAccountLinkAction("https://example.com") }
        await #expect(throws: VaultFizzle.invalidEntry(.missingSecret)) { _ = try await raft.addAccountLinkAction("otpauth://totp/A:b?issuer=A") }
        #expect(Self.accounts(raft).count == 1)
    }

    @Test("A link is read by the container's import worker, which a test container replaces")
    func linkThroughWorker() async throws {
        let reader = LinkReader(account: Samples.gitlab)
        let raft = try await Vessel.raft(importer: reader)
        let saved = try await raft.addAccountLinkAction("a link only the stand-in reads")
        #expect(saved.account == Samples.gitlab)
        reader.links.expect(["a link only the stand-in reads"])
    }

    @Test("Editing trims names, refuses an account without either, and refuses a duplicate")
    func edit() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github, Samples.gitlab])
        let github = try Self.id(raft, "GitHub")
        try await raft.editAccountAction(github, AccountEdit(issuer: "  GitHub Enterprise ", name: "ada", note: "work laptop"))
        let edited = try #require(Self.accounts(raft).first { $0.id == github })
        #expect(edited.account.issuer == "GitHub Enterprise")
        #expect(edited.account.name == "ada")
        #expect(edited.account.note == "work laptop")
        #expect(edited.account.secret == Samples.rfcSecret, "editing never changes the secret")
        await #expect(throws: VaultFizzle.invalidEntry(.missingField("issuer or account name"))) {
            try await raft.editAccountAction(github, AccountEdit(issuer: " ", name: ""))
        }
        await #expect(throws: VaultFizzle.accountNotFound) { try await raft.editAccountAction(AccountID(999), AccountEdit(issuer: "A", name: "b")) }
        // Same secret, issuer and name as another account: refused.
        let twin = Account(issuer: "Twin", name: "x", secret: Samples.rfcSecret)
        _ = try await raft.addAccountAction(twin)
        await #expect(throws: VaultFizzle.duplicate(label: "Twin (x)")) {
            try await raft.editAccountAction(github, AccountEdit(issuer: "Twin", name: "x"))
        }
    }

    @Test("What a person types is checked as an import is: no line break, tab or other control character in an issuer, a name or a tag")
    func typedFieldsChecked() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github])
        let github = try Self.id(raft, "GitHub")
        let forged = "ada\n9\t000000\t30s\tPayPal"
        await #expect(throws: VaultFizzle.invalidEntry(.controlCharacter(field: "account name"))) {
            try await raft.editAccountAction(github, AccountEdit(issuer: "GitHub", name: forged))
        }
        await #expect(throws: VaultFizzle.invalidEntry(.controlCharacter(field: "tag"))) {
            try await raft.tagAccountAction(github, ["work\tPayPal"])
        }
        await #expect(throws: VaultFizzle.invalidEntry(.controlCharacter(field: "issuer"))) {
            _ = try await raft.addAccountAction(Account(issuer: "Pay\u{1B}Pal", name: "x", secret: Samples.rfcSecret))
        }
        #expect(Self.accounts(raft).map(\.account) == [Samples.github])
        #expect(Self.accounts(raft).first?.tags == Samples.github.groups)
    }

    @Test("Deleting removes an account and closes its edit sheet; undo brings it back in its place")
    func deleteAndUndo() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github, Samples.gitlab, try Samples.bank])
        let gitlab = try Self.id(raft, "GitLab")
        raft.presentSheetAction("tab", .editAccount(gitlab))
        let recorder = StateRecorder(raft.appState)
        try await raft.deleteAccountAction(gitlab)
        #expect(!recorder.states.isEmpty)
        #expect(
            !recorder.states.contains { state in
                !(state.accounts.value ?? []).contains { $0.id == gitlab } && state.routing["tab"]?.sheet == .editAccount(gitlab)
            }, "one update: no state shows the account gone while its sheet still edits it")
        #expect(Self.accounts(raft).map(\.account.issuer) == ["GitHub", "Zürich Bank"])
        #expect(raft.appState.read { $0.routing["tab"] } == nil)
        await #expect(throws: VaultFizzle.accountNotFound) { try await raft.deleteAccountAction(gitlab) }
        let restored = try await raft.undoDeleteAction()
        #expect(restored.id == gitlab)
        #expect(Self.accounts(raft).map(\.account.issuer) == ["GitHub", "GitLab", "Zürich Bank"])
        await #expect(throws: VaultFizzle.nothingToUndo) { _ = try await raft.undoDeleteAction() }
        // Locking forgets what could be undone.
        try await raft.deleteAccountAction(gitlab)
        await raft.lockVaultAction()
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        await #expect(throws: VaultFizzle.nothingToUndo) { _ = try await raft.undoDeleteAction() }
        #expect(Self.accounts(raft).count == 2)
    }

    @Test("Reordering puts the given accounts first, keeps the others, and refuses unknown ones")
    func reorder() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github, Samples.gitlab, try Samples.bank])
        let bank = try Self.id(raft, "Zürich Bank")
        try await raft.reorderAccountsAction([bank])
        #expect(Self.accounts(raft).map(\.account.issuer) == ["Zürich Bank", "GitHub", "GitLab"])
        await #expect(throws: VaultFizzle.accountNotFound) { try await raft.reorderAccountsAction([AccountID(999)]) }
        await raft.lockVaultAction()
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        #expect(Self.accounts(raft).map(\.account.issuer) == ["Zürich Bank", "GitHub", "GitLab"], "the order is saved")
    }

    @Test("Favourites and tags are saved; tags are trimmed and kept once")
    func favouriteAndTags() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github])
        let github = try Self.id(raft, "GitHub")
        try await raft.favouriteAccountAction(github, true)
        try await raft.tagAccountAction(github, [" work ", "Work", "", "code"])
        await raft.lockVaultAction()
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        let saved = try #require(Self.accounts(raft).first)
        #expect(saved.isFavourite)
        #expect(saved.tags == ["work", "code"])
        await #expect(throws: VaultFizzle.accountNotFound) { try await raft.favouriteAccountAction(AccountID(999), true) }
    }

    @Test("Copying a time-based code gives RFC 6238's code and records when")
    func copyTOTP() async throws {
        let clock = ManualClock(Samples.rfcMoment)
        let raft = try await Vessel.raft(accounts: [Samples.github], clock: clock)
        let github = try Self.id(raft, "GitHub")
        let code = try await raft.copyCodeAction(github)
        #expect(code.text == "287082")
        #expect(code.expiry == Date(timeIntervalSince1970: 60))
        #expect(Self.accounts(raft).first?.lastUsed == Samples.rfcMoment)
        await #expect(throws: VaultFizzle.accountNotFound) { _ = try await raft.copyCodeAction(AccountID(999)) }
    }

    @Test("Copying a counter-based code saves the next counter first: RFC 4226's codes, in order, across locks")
    func copyHOTP() async throws {
        let raft = try await Vessel.raft(accounts: [try Samples.bank])
        let bank = try Self.id(raft, "Zürich Bank")
        #expect(try await raft.copyCodeAction(bank).text == "755224")
        #expect(try await raft.copyCodeAction(bank).text == "287082")
        await raft.lockVaultAction()
        try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
        #expect(Self.accounts(raft).first?.account.parameters.counter == 2)
        #expect(try await raft.copyCodeAction(bank).text == "359152")
    }

    @Test("Codes follow the time offset of the settings")
    func offset() async throws {
        let raft = try await Vessel.raft(accounts: [Samples.github])
        #expect(raft.makeCodeAction(Samples.github, Samples.rfcMoment).text == "287082")
        try await raft.applySettingsAction(VaultSettings(timeOffset: 30))
        #expect(raft.makeCodeAction(Samples.github, Date(timeIntervalSince1970: 29)).text == "287082")
    }
}

/// An import worker that reads every link as one account, and no file.
struct LinkReader: ImportWork {
    /// The account every link reads as.
    let account: Account
    /// The links read, in order.
    let links = CallRecorder<String>()

    func read(_ data: Data, as format: ImportFormat, password: String?, existing: [Account]) throws(ImportFizzle) -> ImportReport {
        throw .damaged(format: format)
    }

    func readLink(_ link: String) throws(EntryFizzle) -> Account {
        links.record(link)
        return account
    }
}
