import AuthenticatorApp
import AuthenticatorWeb
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelWeb
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
                #expect(response.headers[.location] == "/unlock?tab=\(own.tab)" + (path == "/" ? "" : "&next=\(path)"), "\(path)")
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

@Suite("The browser's cookie alone opens nothing: a tab is let in by the passphrase or by its browser's key", .timeLimit(.minutes(2)))
struct ReplayedCookieTests {
    /// The browser key an open tab's page hands its script (`data-browser-key`).
    static func browserKey(in page: String) -> String? {
        guard let start = page.range(of: #"data-browser-key=""#) else { return nil }
        return page[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    @Test("a flood of requests without a cookie (each makes a tab) does not evict the owner's unlocked tab, even one without a live connection")
    func floodKeepsTheOwnersTab() async throws {
        let (raft, _) = try await webRaft()
        let owner = BodyRecorder()
        let application = try await buildWebApplication(service: raft, options: WebOptions(port: 0, maximumSessions: 50, logLevel: .critical))
        try await application.test(.router) { client in
            let tab = try #require(try await client.openTab(owner))
            for _ in 0..<1_100 {
                #expect(try await client.execute(uri: "/", method: .get).status == .seeOther)
            }
            #expect(try await client.get("/?tab=\(tab.tab)", owner).status == .ok)
        }
    }

    @Test("a cookie replayed by another client (a server on another port got it from the owner's browser) gets the unlock page on every route; its copy, lock and resume change nothing")
    func replayedCookie() async throws {
        let (raft, clock) = try await webRaft()
        let owner = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(owner))
            let github = try #require(raft.appState.state.accounts.value?.first { $0.account.issuer == "GitHub" })
            let hotp = try #require(raft.appState.state.accounts.value?.first { $0.account.parameters.kind == .hotp })
            let code = raft.makeCodeAction(github.account, clock.now()).text
            let grouped = String(code.prefix(3)) + " " + String(code.dropFirst(3))
            let ownerPage = String(buffer: try await client.get("/?tab=\(tab.tab)", owner).body)
            #expect(ownerPage.contains(grouped))
            let key = try #require(Self.browserKey(in: ownerPage))

            let stolen = try #require(await owner.cookie)
            let thief = BodyRecorder(cookie: stolen)
            let landing = try await client.get("/", thief)
            #expect(landing.status == .seeOther)
            let unlockPage = String(buffer: try await client.get("/unlock", thief).body)
            #expect(unlockPage.contains(#"action="/unlock""#))
            #expect(Self.browserKey(in: unlockPage) == nil)
            let own = try #require(TabCredentials(page: unlockPage))
            for path in ["/", "/add", "/import", "/export", "/settings"] {
                let response = try await client.get("\(path)?tab=\(own.tab)", thief)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.headers[.location] == "/unlock?tab=\(own.tab)" + (path == "/" ? "" : "&next=\(path)"), "\(path)")
            }
            let events = String(buffer: try await client.get("/events?tab=\(own.tab)&page=list&max=1", thief).body)
            #expect(events.contains("event: navigate\ndata: /unlock?tab=\(own.tab)"))
            let posts: [(String, [(String, String)])] = [
                ("/copy", [("id", String(hotp.id.rawValue))]),
                ("/favourite", [("id", String(github.id.rawValue)), ("value", "true")]),
                ("/sort", [("order", "issuer")]),
                ("/list", [("q", "git"), ("filter", "favourites")]),
                ("/export", [("format", "otpauthText"), ("confirmsPlain", "1"), ("passphrase", "wrong guess")]),
                ("/export/download", []),
                ("/import/reset", []),
                ("/settings", [("timeOffset", "0"), ("autoLock", "0"), ("order", "issuer")]),
            ]
            for (path, fields) in posts {
                let response = try await client.post(path, own.form(fields), thief)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.headers[.location] == "/unlock?tab=\(own.tab)", "\(path)")
            }
            // A guessed key lets nothing in; the lock of a tab let into nothing locks nothing.
            #expect(try await client.post("/unlock/resume", own.form([("key", TabToken.random())]), thief).status == .unauthorized)
            #expect(try await client.post("/lock", own.form(), thief).status == .seeOther)
            #expect(raft.appState.state.lock == .unlocked)
            #expect(try await client.get("/?tab=\(own.tab)", thief).status == .seeOther)
            #expect(await thief.bodies.allSatisfy { !$0.contains(grouped) && !$0.contains("ada@example.com") && !$0.contains(key) })

            // The owner's tab is as it was: open, its counter-based code not burned, nothing favoured.
            #expect(String(buffer: try await client.get("/?tab=\(tab.tab)", owner).body).contains(grouped))
            let after = try #require(raft.appState.state.accounts.value)
            #expect(after.first { $0.id == hotp.id }?.account.parameters.counter == hotp.account.parameters.counter)
            #expect(after.first { $0.id == github.id }?.isFavourite == github.isFavourite)

            // The owner's new tab is let in by the key its script kept; after a lock, the key opens nothing.
            let second = try #require(TabCredentials(page: String(buffer: try await client.get("/unlock", owner).body)))
            #expect(try await client.get("/?tab=\(second.tab)", owner).status == .seeOther)
            #expect(try await client.post("/unlock/resume", second.form([("key", key)]), owner).status == .noContent)
            #expect(try await client.get("/?tab=\(second.tab)", owner).status == .ok)
            #expect(try await client.post("/lock", second.form(), owner).status == .seeOther)
            #expect(try await client.get("/?tab=\(tab.tab)", owner).status == .seeOther)
            let third = try #require(TabCredentials(page: String(buffer: try await client.get("/unlock", owner).body)))
            #expect(try await client.post("/unlock/resume", third.form([("key", key)]), owner).status == .unauthorized)
        }
        #expect(await owner.leaks().isEmpty)
    }

    @Test("wrong passphrases from clients without the browser's key slow down only such clients: the owner's browser and the command line unlock at once")
    func strangersCannotKeepTheOwnerOut() async throws {
        let (raft, _) = try await webRaft()
        let owner = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(owner))
            let key = try #require(Self.browserKey(in: String(buffer: try await client.get("/?tab=\(tab.tab)", owner).body)))
            #expect(try await client.post("/lock", tab.form(), owner).status == .seeOther)
            #expect(raft.appState.state.lock == .locked)

            // Anyone on the machine: a new client each time, or the owner's cookie replayed without the key.
            let stolen = try #require(await owner.cookie)
            var delayed = 0
            for index in 0..<12 {
                let stranger = index.isMultiple(of: 2) ? BodyRecorder() : BodyRecorder(cookie: stolen)
                let own = try #require(try await client.openTab(stranger, unlocking: false))
                let answer = try await client.post("/unlock", own.form([("passphrase", "guess \(index)")]), stranger)
                #expect(answer.status == .badRequest)
                if String(buffer: answer.body).contains("Too many wrong passphrases") { delayed += 1 }
            }
            #expect(delayed >= 8, "unknown clients' guesses are slowed down")
            let third = BodyRecorder()
            let guessing = try #require(try await client.openTab(third, unlocking: false))
            let right = try await client.post("/unlock", guessing.form([("passphrase", Vessel.raftPassphrase)]), third)
            #expect(right.status == .badRequest, "even the right passphrase waits, for a client the server does not know")
            #expect(raft.appState.state.lock == .locked)

            // The owner's browser, which sends its key with the form, is not slowed down; nor is the command line.
            let back = try await client.post("/unlock", tab.form([("passphrase", Vessel.raftPassphrase), ("known", key)]), owner)
            #expect(back.status == .seeOther)
            #expect(try await client.get("/?tab=\(tab.tab)", owner).status == .ok)
            await raft.lockVaultAction()
            try await raft.unlockVaultAction(Vessel.raftPassphrase, .owner)
            #expect(raft.appState.state.lock == .unlocked)
        }
    }

    @Test("the timeline shows no tab's id nor its token, and answers nothing without its key")
    func timelineShowsNoTab() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_010))
        let raft = try await Vessel.raft(
            accounts: [Account(issuer: "GitHub", name: "ada@example.com", secret: Secret(bytes: TestSecrets.github))], clock: clock,
            timeline: 500)
        let owner = BodyRecorder()
        let pages = try await TimelinePages.load(viewer: { raft.timelineViewer() })
        let application = try await buildWebApplication(service: raft, options: WebOptions(port: 0, logLevel: .critical), timeline: pages)
        try await application.test(.router) { client in
            let tab = try #require(try await client.openTab(owner))
            _ = try await client.get("/?tab=\(tab.tab)&q=git", owner)
            #expect(try await client.execute(uri: "/timeline", method: .get).status == .notFound)
            let viewer = String(buffer: try await client.execute(uri: pages.address, method: .get).body)
            #expect(!viewer.contains(tab.tab) && !viewer.contains(tab.token))
            let key = String(pages.address.split(separator: "=").last ?? "")
            let export = String(buffer: try await client.execute(uri: "/timeline/export?key=\(key)", method: .get).body)
            #expect(!export.contains(tab.tab) && !export.contains(tab.token))
        }
        #expect(await owner.leaks().isEmpty)
    }
}
