import AuthenticatorApp
import AuthenticatorDomain
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelWebTesting
import Testing

@Suite("An open vault is open only to the browsers that typed its passphrase", .timeLimit(.minutes(2)))
struct BrowserLockTests {
    @Test("another client, with or without a cookie, gets the unlock page and neither codes nor an export while the vault is open to a browser")
    func otherClients() async throws {
        let (raft, clock) = try await webRaft()
        let browser = BodyRecorder()
        let other = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(browser))
            let github = try #require(raft.appState.state.accounts.value?.first { $0.account.issuer == "GitHub" })
            let code = raft.makeCodeAction(github.account, clock.now()).text
            let grouped = String(code.prefix(3)) + " " + String(code.dropFirst(3))
            #expect(String(buffer: try await client.get("/?tab=\(tab.tab)", browser).body).contains(grouped))

            // A client without any cookie (another program: curl -c j -b j -L) is sent to unlock.
            let bare = try await client.execute(uri: "/", method: .get)
            #expect(bare.status == .seeOther)
            #expect(bare.headers[.location]?.hasPrefix("/unlock?tab=") == true)
            // Another browser: the unlock page of a tab of its own, for every page.
            let page = try await client.get("/unlock", other)
            #expect(page.status == .ok)
            let body = String(buffer: page.body)
            #expect(body.contains(#"action="/unlock""#) && body.contains("Unlock your vault"))
            #expect(!body.contains("GitHub") && !body.contains(grouped))
            let own = try #require(TabCredentials(page: body))
            for path in ["/", "/add", "/import", "/export", "/settings"] {
                let response = try await client.get("\(path)?tab=\(own.tab)", other)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.headers[.location] == "/unlock?tab=\(own.tab)", "\(path)")
            }
            let export = try await client.post(
                "/export", own.form([("format", "otpauthText"), ("confirmsPlain", "1"), ("passphrase", Vessel.raftPassphrase)]), other)
            #expect(export.status == .seeOther)
            #expect(export.headers[.contentDisposition] == nil)
            let copy = try await client.post("/copy", own.form([("id", String(github.id.rawValue))]), other)
            #expect(copy.status == .seeOther)
            let events = String(buffer: try await client.get("/events?tab=\(own.tab)&page=list", other).body)
            #expect(events.contains("event: navigate\ndata: /unlock?tab=\(own.tab)"))
            #expect(!events.contains("GitHub"))
            #expect(await other.bodies.allSatisfy { !$0.contains(grouped) && !$0.contains("ada@example.com") })

            // The first browser is still in.
            #expect(try await client.get("/?tab=\(tab.tab)", browser).status == .ok)

            // A wrong passphrase opens nothing; the right one opens the vault to the other browser too.
            let wrong = try await client.post("/unlock", own.form([("passphrase", "not the passphrase")]), other)
            #expect(wrong.status == .badRequest)
            #expect(String(buffer: wrong.body).contains(VaultFizzle.wrongPassphrase.message.description))
            #expect(try await client.get("/?tab=\(own.tab)", other).status == .seeOther)
            let right = try await client.post("/unlock", own.form([("passphrase", Vessel.raftPassphrase)]), other)
            #expect(right.status == .seeOther)
            #expect(String(buffer: try await client.get("/?tab=\(own.tab)", other).body).contains(grouped))

            // Lock closes the vault to the browser that pressed it; the vault locks with the last one.
            #expect(try await client.post("/lock", own.form(), other).status == .seeOther)
            #expect(try await client.get("/?tab=\(own.tab)", other).status == .seeOther)
            #expect(try await client.get("/?tab=\(tab.tab)", browser).status == .ok)
            #expect(raft.appState.state.lock == .unlocked)
            #expect(try await client.post("/lock", tab.form(), browser).status == .seeOther)
            #expect(raft.appState.state.lock == .locked)
        }
        #expect(await browser.leaks().isEmpty)
        #expect(await other.leaks().isEmpty)
    }

    @Test("a vault that locks (auto-lock) is closed to every browser: one unlocking it again does not open it to the others")
    func relockClosesEveryBrowser() async throws {
        let (raft, _) = try await webRaft()
        let first = BodyRecorder()
        let second = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let one = try #require(try await client.openTab(first))
            let two = try #require(try await client.openTab(second))
            #expect(try await client.get("/?tab=\(one.tab)", first).status == .ok)
            await raft.lockVaultAction()
            #expect(try await client.post("/unlock", two.form([("passphrase", Vessel.raftPassphrase)]), second).status == .seeOther)
            #expect(try await client.get("/?tab=\(two.tab)", second).status == .ok)
            let refused = try await client.get("/?tab=\(one.tab)", first)
            #expect(refused.status == .seeOther)
            #expect(refused.headers[.location] == "/unlock?tab=\(one.tab)")
        }
    }

    @Test("a counter-based code shown in a tab is not shown again after its browser locked and unlocked")
    func revealedCodesGoWithTheLock() async throws {
        let (raft, _) = try await webRaft()
        let browser = BodyRecorder()
        let other = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(browser))
            // Another browser keeps the vault open, so that only this browser's lock is at work.
            _ = try #require(try await client.openTab(other))
            let hotp = try #require(raft.appState.state.accounts.value?.first { $0.account.parameters.kind == .hotp })
            func hiddenCodes() async throws -> Int {
                String(buffer: try await client.get("/?tab=\(tab.tab)", browser).body).components(separatedBy: "hidden-code").count - 1
            }
            #expect(try await hiddenCodes() == 1)
            #expect(try await client.post("/copy", tab.form([("id", String(hotp.id.rawValue))]), browser).status == .seeOther)
            #expect(try await hiddenCodes() == 0, "the code generated is shown")
            #expect(try await client.post("/lock", tab.form(), browser).status == .seeOther)
            #expect(raft.appState.state.lock == .unlocked)
            #expect(try await client.post("/unlock", tab.form([("passphrase", Vessel.raftPassphrase)]), browser).status == .seeOther)
            #expect(try await hiddenCodes() == 1, "the code generated before the lock is hidden again")
        }
    }
}
