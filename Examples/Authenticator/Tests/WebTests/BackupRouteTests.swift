@testable import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelWebTesting
import Testing

/// The automatic backups on the settings page, and the warnings every page shows.
@Suite("Authenticator web: backups and warnings", .timeLimit(.minutes(5)))
struct BackupRouteTests {
    static let password = "web backups password"

    @Test("backups: the form saves and writes a first backup, says what is wrong, and never shows the password back")
    func backups() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-backups-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let page = String(buffer: try await client.get("/settings?tab=\(tab.tab)", recorder).body)
            #expect(page.contains("Automatic backups are off."))
            let noPassword = try await client.post("/backups", tab.form([("enabled", "1"), ("folder", folder.path), ("kept", "5")]), recorder)
            #expect(noPassword.status == .badRequest)
            #expect(String(buffer: noPassword.body).contains(#"id="backup-error""#))
            let saved = try await client.post("/backups", tab.form([
                ("enabled", "1"), ("folder", folder.path), ("kept", "5"), ("password", Self.password), ("confirmation", Self.password),
            ]), recorder)
            #expect(saved.status == .ok)
            let body = String(buffer: saved.body)
            #expect(body.contains("Last backup: \(folder.path)/authenticator-backup-"))
            #expect(body.contains("leave empty to keep the saved one"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
            // A change writes the next one, after its answer.
            _ = try await raft.addAccountAction(Account(issuer: "New", name: "one", secret: Secret(bytes: Array(repeating: 9, count: 20))))
            await raft.backupsWritten()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
            let off = try await client.post("/backups", tab.form([("folder", folder.path), ("kept", "5")]), recorder)
            #expect(off.status == .ok)
            #expect(String(buffer: off.body).contains("Automatic backups are off."))
        }
        #expect(await recorder.leaks().isEmpty)
        #expect(await recorder.bodies.allSatisfy { !$0.contains(Self.password) })
    }

    @Test("a failed backup is an alert on every page while it holds; what opening found is a notice on every page until closed")
    func warningsOnEveryPage() async throws {
        let (raft, _) = try await webRaft()
        raft.store.update { state in
            state.system.notices = [
                .damagedFileSetAside(path: "/data/vault.sqlite.damaged-20270101T000000Z"), .folderTightened(path: "/data"),
            ]
            state.backup.status = .failed(.notWritten(path: "/mnt/backups"), at: Date())
        }
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let other = try #require(try await client.openTab(recorder))
            for page in ["/", "/add", "/import", "/export", "/settings"] {
                let body = String(buffer: try await client.get("\(page)?tab=\(tab.tab)", recorder).body)
                #expect(body.contains(#"role="status"><p>The vault file was damaged. It was moved aside to /data/vault.sqlite.damaged-20270101T000000Z"#), "\(page)")
                #expect(body.contains(#"<input type="hidden" name="notice" value="folderTightened"><button type="submit" class="dismiss">Close</button>"#), "\(page)")
                #expect(body.contains(#"role="alert">The automatic backup failed: The backup could not be written in /mnt/backups."#), "\(page)")
                #expect(!body.contains(#"role="alert">The vault file"#), "a notice is no alert")
            }
            // Closed in one tab, gone from the other's pages too; closing it again, or an unknown one, changes nothing.
            let closed = try await client.post("/notices/dismiss", tab.form([("notice", "folderTightened")]), recorder)
            #expect(closed.status == .seeOther)
            #expect(raft.appState.read { $0.system.notices } == [.damagedFileSetAside(path: "/data/vault.sqlite.damaged-20270101T000000Z")])
            let again = try await client.post("/notices/dismiss", other.form([("notice", "folderTightened")]), recorder)
            #expect(again.status == .seeOther)
            #expect(try await client.post("/notices/dismiss", other.form([("notice", "nonsense")]), recorder).status == .seeOther)
            let otherPage = String(buffer: try await client.get("/?tab=\(other.tab)", recorder).body)
            #expect(!otherPage.contains("readable by you only") && otherPage.contains("The vault file was damaged."))
            // A client the vault is not open to cannot close one.
            let stranger = BodyRecorder()
            let strangerTab = try #require(TabCredentials(page: String(buffer: try await client.get("/unlock", stranger).body)))
            _ = try await client.post("/notices/dismiss", strangerTab.form([("notice", "damagedFileSetAside")]), stranger)
            #expect(raft.appState.read { $0.system.notices }.count == 1)

            await raft.lockVaultAction()
            let unlock = String(buffer: try await client.get("/unlock?tab=\(tab.tab)", recorder).body)
            #expect(unlock.contains("none of your accounts are in it"))
            #expect(!unlock.contains("/notices/dismiss"), "a locked page shows the notice, and no way to close it")
            #expect(!unlock.contains("The automatic backup failed"), "locking forgets the backups' state")
        }
    }

    @Test("backups that are off read as neither good news nor bad")
    func backupsOffIsNeutral() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let settings = String(buffer: try await client.get("/settings?tab=\(tab.tab)", recorder).body)
            #expect(settings.contains(#"<p class="status" role="status" id="backup-status">Automatic backups are off.</p>"#))
        }
    }
}
