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

    @Test("a failed backup, a damaged vault set aside and a tightened folder show on every page, as alerts")
    func warningsOnEveryPage() async throws {
        let (raft, _) = try await webRaft()
        raft.store.update { state in
            state.system.notices = [.damagedFileSetAside(path: "/data/vault.sqlite.damaged-20270101T000000Z")]
            state.backup.status = .failed(.notWritten(path: "/mnt/backups"), at: Date())
        }
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            for page in ["/", "/add", "/import", "/export", "/settings"] {
                let body = String(buffer: try await client.get("\(page)?tab=\(tab.tab)", recorder).body)
                #expect(body.contains(#"role="alert">The vault file was damaged. It was moved aside to /data/vault.sqlite.damaged-20270101T000000Z"#), "\(page)")
                #expect(body.contains("The automatic backup failed: The backup could not be written in /mnt/backups."), "\(page)")
            }
            await raft.lockVaultAction()
            let unlock = String(buffer: try await client.get("/unlock?tab=\(tab.tab)", recorder).body)
            #expect(unlock.contains("none of your accounts are in it"))
            #expect(!unlock.contains("The automatic backup failed"), "locking forgets the backups' state")
        }
    }
}
