@testable import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import Foundation
import Keel
import KeelTesting
import Testing

/// The automatic backups' form, and the warnings every screen shows.
@MainActor
@Suite("Backups and warnings on screen", .timeLimit(.minutes(5)))
struct BackupViewStateTests {
    let english = Locale(identifier: "en")

    @Test("The status line writes the last backup's moment as the reader's language writes dates")
    func statusLineLocale() throws {
        let catalog = try AuthenticatorStrings.catalog()
        // 2026-11-18 11:06 UTC: the 17th to the 19th in the time zones from UTC−12 to UTC+14.
        let moment = Date(timeIntervalSince1970: 1_795_000_000)
        let status = BackupStatus.written(path: "/b/vault.json", at: moment)
        let inEnglish = catalog.string(BackupSettingsViewState.statusLine(status, locale: english), language: "en")
        let inKorean = catalog.string(BackupSettingsViewState.statusLine(status, locale: Locale(identifier: "ko")), language: "ko")
        #expect(inEnglish.hasPrefix("Last backup: /b/vault.json, Nov 1"), "\(inEnglish)")
        #expect(inKorean.hasPrefix("마지막 백업: /b/vault.json, 2026년 11월 1"), "\(inKorean)")
    }

    @Test("The backups' form: folder, count and password follow the rules; an empty password keeps a saved one")
    func validation() {
        var form = BackupSettingsViewState(BackupState())
        #expect(!form.isOn && form.folder.isEmpty && form.kept == "10" && !form.hasPassword)
        #expect(form.validate()! == (BackupSettings(folder: nil, kept: 10), nil), "off needs nothing more")
        form.isOn = true
        #expect(form.validate() == nil)
        #expect(form.message == BackupFizzle.folderRequired.message)
        form.folder = "Backups"
        #expect(form.validate() == nil)
        #expect(form.message == BackupFizzle.folderNotAbsolute.message)
        form.folder = " /srv/backups "
        #expect(form.validate() == nil)
        #expect(form.message == BackupFizzle.passwordRequired.message)
        form.password = "short"
        #expect(form.validate() == nil)
        #expect(form.message?.description == "The password must have at least 8 characters.")
        form.password = "backups password"
        form.confirmation = "backups passworD"
        #expect(form.validate() == nil)
        #expect(form.message?.description == "The two passwords differ. Type the same password twice.")
        form.confirmation = "backups password"
        form.kept = "many"
        #expect(form.validate() == nil)
        #expect(form.message == BackupFizzle.keptOutOfRange.message)
        form.kept = "0"
        #expect(form.validate() == nil)
        form.kept = " 3 "
        #expect(form.validate()! == (BackupSettings(folder: "/srv/backups", kept: 3), "backups password"))
        #expect(form.message == nil)
        // With a password saved, the fields may stay empty.
        var saved = BackupSettingsViewState(BackupState(settings: BackupSettings(folder: "/b", kept: 4), hasPassword: true))
        #expect(saved.isOn && saved.folder == "/b" && saved.kept == "4")
        #expect(saved.validate()! == (BackupSettings(folder: "/b", kept: 4), nil))
    }

    @Test("Applying saves through the container, writes a first backup, and clears the passwords typed")
    func apply() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("form-backups-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let raft = try await Vessel.raft(accounts: [AccountListViewModelTests.github])
        var form = BackupSettingsViewState(raft.appState.read { $0.backup })
        form.isOn = true
        form.folder = folder.path
        form.password = "backups password"
        form.confirmation = "backups password"
        #expect(await form.apply(to: raft) == nil)
        #expect(form.password.isEmpty && form.confirmation.isEmpty)
        let status = raft.appState.read { $0.backup.status }
        guard case .written(let path, _) = status else { Issue.record("\(status)"); return }
        #expect(BackupSettingsViewState.statusLine(status, locale: english).description.hasPrefix("Last backup: \(path), "))
        // A first backup that fails is said at once.
        try FileManager.default.removeItem(at: folder)
        try Data().write(to: folder)
        var again = BackupSettingsViewState(raft.appState.read { $0.backup })
        #expect(await again.apply(to: raft)?.description.contains("The automatic backup failed") == true)
        #expect(BackupSettingsViewState.statusLine(.off, locale: english) == "Automatic backups are off.")
        #expect(BackupSettingsViewState.statusLine(.waiting, locale: english).description.contains("after every change"))
    }

    @Test("The list shows what opening found until dismissed, and a failed backup until it no longer holds")
    func warnings() async throws {
        let raft = try await Vessel.raft(accounts: [AccountListViewModelTests.github])
        let list = AccountListViewModel(raft, scene: "main")
        let unlock = UnlockViewModel(raft)
        #expect(list.warnings.isEmpty && list.notices.isEmpty && unlock.notice == nil)
        let damaged = VaultNotice.damagedFileSetAside(path: "/data/vault.sqlite.damaged-1"), tightened = VaultNotice.folderTightened(path: "/data")
        raft.store.update(at: { $0.system.notices }) { $0 = [damaged, tightened] }
        #expect(list.notices == [damaged, tightened])
        #expect(damaged.message.description.contains("/data/vault.sqlite.damaged-1") && damaged.message.description.contains("new, empty one"))
        #expect(list.warnings.isEmpty, "a notice is not a warning: its reader dismisses it")
        #expect(unlock.notice?.description.contains("/data/vault.sqlite.damaged-1") == true)
        #expect(unlock.notice?.description.contains("readable by you only") == true)
        raft.store.update(at: { $0.backup.status }) { $0 = .failed(.notWritten(path: "/b"), at: Date()) }
        #expect(list.warnings == [BackupStatus.failed(.notWritten(path: "/b"), at: Date()).warning].compactMap { $0 })
        raft.store.update(at: { $0.backup.status }) { $0 = .written(path: "/b/x", at: Date()) }
        #expect(list.warnings.isEmpty)

        // Dismissed in one screen, gone from every screen; dismissing it again changes nothing.
        let other = AccountListViewModel(raft, scene: "other")
        list.send(.dismissNotice(tightened))
        #expect(list.notices == [damaged] && other.notices == [damaged])
        let recorder = StateRecorder(raft.appState)
        other.send(.dismissNotice(tightened))
        recorder.expectNoChanges()
        other.send(.dismissNotice(damaged))
        #expect(list.notices.isEmpty)
    }
}
