import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelWebTesting
import Testing

@Suite("Authenticator web routes: locked down, escaped, never a secret", .timeLimit(.minutes(5)))
struct RouteTests {
    @Test("a locked vault answers every page but unlock with a redirection to it; the right passphrase opens it")
    func locked() async throws {
        let (raft, _) = try await webRaft(unlocked: false)
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder, unlocking: false))
            for page in ["/", "/add", "/import", "/export", "/settings"] {
                let response = try await client.get("\(page)?tab=\(tab.tab)", recorder)
                #expect(response.status == .seeOther, "\(page)")
                #expect(response.headers[.location] == "/unlock?tab=\(tab.tab)" + (page == "/" ? "" : "&next=\(page)"), "\(page)")
                #expect(response.headers[.cacheControl] == "no-store", "\(page)")
            }
            let copy = try await client.post("/copy", tab.form([("id", "1")]), recorder)
            #expect(copy.status == .seeOther)
            let wrong = try await client.post("/unlock", tab.form([("passphrase", "not the passphrase")]), recorder)
            #expect(wrong.status == .badRequest)
            #expect(String(buffer: wrong.body).contains("role=\"alert\""))
            #expect(!String(buffer: wrong.body).contains("not the passphrase"))
            let right = try await client.post("/unlock", tab.form([("passphrase", Vessel.raftPassphrase)]), recorder)
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/?tab=\(tab.tab)")
            let list = try await client.get("/?tab=\(tab.tab)", recorder)
            #expect(list.status == .ok)
            #expect(String(buffer: list.body).contains("GitHub"))
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("tabs belong to the browser that opened them: its cookie is HttpOnly and SameSite=Strict")
    func browserCookie() async throws {
        let (raft, _) = try await webRaft()
        let browser = BodyRecorder()
        let other = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(browser))
            let setCookies = await browser.setCookies
            #expect(setCookies.count == 1, "one cookie, given once: \(setCookies)")
            let cookie = try #require(setCookies.first)
            #expect(cookie.hasPrefix("keel-browser="))
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"] {
                #expect(cookie.contains(attribute), "\(attribute) in \(cookie)")
            }
            #expect(!cookie.contains("Expires") && !cookie.contains("Max-Age"), "a session cookie: \(cookie)")
            // The browser sends it back: it is not given a new one.
            #expect(try await client.get("/?tab=\(tab.tab)", browser).status == .ok)
            #expect(await browser.setCookies.count == 1)

            // Another browser with the tab's URL, id and token gets nothing of the tab.
            let elsewhere = try await client.get("/?tab=\(tab.tab)", other)
            #expect(!String(buffer: elsewhere.body).contains("data-tab=\"\(tab.tab)\""), "another browser was given the tab")
            let location = try #require(elsewhere.headers[.location])
            #expect(location.hasPrefix("/unlock?tab=") && location != "/unlock?tab=\(tab.tab)", "another browser gets a tab of its own: \(location)")
            let action = try await client.post("/favourite", tab.form([("id", "1"), ("value", "true")]), other)
            #expect(action.status == .forbidden)
            #expect(raft.appState.state.accounts.value?.contains { $0.isFavourite } == false)
            #expect(try await client.get("/events?tab=\(tab.tab)&page=list&max=1", other).status == .notFound)
            let lock = try await client.post("/lock", tab.form(), other)
            #expect(lock.status == .forbidden)
            #expect(raft.appState.state.lock.isUnlocked)

            // A made-up id finds no tab; a malformed one is replaced.
            let madeUp = try await client.execute(
                uri: "/?tab=\(tab.tab)", method: .get, headers: [.cookie: "keel-browser=\(String(repeating: "ab", count: 16))"])
            #expect(madeUp.headers[.setCookie] == nil)
            #expect(!String(buffer: madeUp.body).contains("data-tab=\"\(tab.tab)\""))
            let malformed = try await client.execute(uri: "/unlock", method: .get, headers: [.cookie: "keel-browser=%3Cscript%3E"])
            #expect(malformed.headers[.setCookie]?.hasPrefix("keel-browser=") == true)
            #expect(malformed.headers[.setCookie]?.contains("script") == false)
        }
        #expect(await browser.leaks().isEmpty)
        #expect(await other.leaks().isEmpty)
    }

    @Test("every page has one h1, in English and in Korean")
    func oneHeading() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            for language in ["en", "ko"] {
                for page in ["/", "/add", "/edit?id=1", "/import", "/export", "/settings", "/nowhere"] {
                    let address = "\(page)\(page.contains("?") ? "&" : "?")tab=\(tab.tab)"
                    let body = String(buffer: try await client.get(address, recorder, headers: [.acceptLanguage: language]).body)
                    // A template names the tab's credentials by markers only, and every one is filled in.
                    #expect(!body.contains("keel-tab>") && !body.contains("keel-token>"), "\(page) in \(language)")
                    #expect(body.components(separatedBy: "<h1").count == 2, "\(page) in \(language)")
                }
                let unlock = String(buffer: try await client.get("/unlock", BodyRecorder(), headers: [.acceptLanguage: language]).body)
                #expect(unlock.components(separatedBy: "<h1").count == 2, "/unlock in \(language)")
            }
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("the list shows codes, never secrets, with safe headers; search and filters")
    func list() async throws {
        let (raft, clock) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let response = try await client.get("/?tab=\(tab.tab)", recorder)
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            let page = String(buffer: response.body)
            let github = try #require(raft.appState.state.accounts.value?.first { $0.account.issuer == "GitHub" })
            let code = raft.makeCodeAction(github.account, clock.now()).text
            #expect(page.contains(String(code.prefix(3)) + " " + String(code.dropFirst(3))))
            #expect(page.contains("<noscript><meta http-equiv=\"refresh\""))
            let searched = String(buffer: try await client.get("/?tab=\(tab.tab)&q=bank", recorder).body)
            #expect(searched.contains("Bank"))
            #expect(!searched.contains("ada@example.com"))
            let tagged = String(buffer: try await client.get("/?tab=\(tab.tab)&q=&filter=tag:work", recorder).body)
            #expect(tagged.contains("GitHub"))
            #expect(!tagged.contains(">Bank<"))
            let script = String(buffer: try await client.get("/?tab=\(tab.tab)&q=%3Cscript%3Ealert(1)%3C%2Fscript%3E", recorder).body)
            #expect(!script.contains("<script>alert(1)"))
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("every state-changing request needs the tab's token; malformed ones get a 4xx page")
    func tokens() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let forged = TabCredentials(page: "data-tab=\"\(tab.tab)\" data-token=\"\(String(repeating: "0", count: 32))\"")
            let refused = try await client.post("/favourite", try #require(forged).form([("id", "1"), ("value", "true")]), recorder)
            #expect(refused.status == .forbidden)
            #expect(String(buffer: refused.body).contains("403"))
            let missing = try await client.post("/favourite", ByteBuffer(string: "tab=\(tab.tab)"), recorder)
            #expect(missing.status == .badRequest)
            let json = try await client.execute(uri: "/lock", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
            #expect(json.status == .unsupportedMediaType)
            let accepted = try await client.post("/favourite", tab.form([("id", "1"), ("value", "true")]), recorder)
            #expect(accepted.status == .seeOther)
            #expect(raft.appState.state.accounts.value?.first { $0.id.rawValue == 1 }?.isFavourite == true)
            #expect(try await client.get("/nowhere", recorder).status == .notFound)
            let locked = try await client.post("/lock", tab.form(), recorder)
            #expect(locked.status == .seeOther)
            #expect(raft.appState.state.lock == .locked)
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("a malformed query is a 400 page, not a 500; a file name cut by a NUL opens no file")
    func malformedAddresses() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            _ = try #require(try await client.openTab(recorder))
            for uri in ["/?tab=%G1", "/?tab=a&tab=b", "/?q=%"] {
                let response = try await client.get(uri, recorder)
                #expect(response.status == .badRequest, "\(uri)")
                #expect(String(buffer: response.body).contains("The address could not be read."), "\(uri)")
            }
            let cut = try await client.get("/static/app.css%00.js", recorder)
            #expect(cut.status == .badRequest)
            #expect(cut.headers[.contentType]?.contains("javascript") == false)
        }
    }

    @Test("the add form names the kinds as the app does, and shows each kind's fields (all of them without script)")
    func addFormKinds() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let page = String(buffer: try await client.get("/add?tab=\(tab.tab)", recorder).body)
            for (kind, title) in [("totp", "Time-based"), ("hotp", "Counter-based"), ("steam", "Steam")] {
                #expect(page.contains("<option value=\"\(kind)\"") && page.contains(">\(title)</option>"), "\(kind)")
            }
            #expect(page.contains(#"<div class="choice-fields" data-follows="kind" data-values="totp"><label>Period"#))
            #expect(page.contains(#"<div class="choice-fields" data-follows="kind" data-values="hotp"><label>Counter"#))
            #expect(page.contains(#"<div class="choice-fields" data-follows="kind" data-values="totp hotp"><label>Algorithm"#))
            #expect(!page.contains("data-values=\"totp\" hidden"), "no field is hidden without script")
        }
    }

    @Test("the add form shows each field's message and never the secret; a valid form or link adds the account")
    func add() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let fields = [("issuer", "<b>Evil</b>"), ("name", ""), ("secret", "NOT*BASE32SECRET"), ("kind", "totp"),
                          ("algorithm", "sha1"), ("digits", "6"), ("period", "0"), ("counter", "0")]
            let invalid = try await client.post("/add", tab.form(fields), recorder)
            #expect(invalid.status == .badRequest)
            let page = String(buffer: invalid.body)
            #expect(page.contains("id=\"secret-message\""))
            #expect(page.contains("id=\"period-message\""))
            // Each field in error says so, and names its message (keel.js puts focus on the first).
            #expect(page.contains(#"id="secret" type="password" autocomplete="off" spellcheck="false" aria-invalid="true" aria-describedby="secret-message">"#))
            #expect(page.contains(#"id="period" value="0" aria-invalid="true" aria-describedby="period-message""#))
            #expect(!page.contains(#"id="counter" value="0" aria-invalid"#), "a field without a message is not marked")
            #expect(page.components(separatedBy: "aria-invalid").count == page.components(separatedBy: #"class="error" id="#).count)
            #expect(page.contains("&lt;b&gt;Evil&lt;") && !page.contains("<b>Evil</b>"))
            #expect(!page.contains("NOT*BASE32SECRET"))
            let secret = Base32.encode(Array("abcdefghijklmnopqrst".utf8))
            let valid = try await client.post("/add", tab.form([("issuer", "Forge"), ("name", "ada"), ("secret", secret), ("kind", "totp"),
                                                                ("algorithm", "sha1"), ("digits", "6"), ("period", "30"), ("counter", "0")]), recorder)
            #expect(valid.status == .seeOther)
            // The list it goes back to says what was added.
            let forge = try #require(raft.appState.state.accounts.value?.first { $0.account.issuer == "Forge" })
            let back = try #require(valid.headers[.location])
            #expect(back == "/?tab=\(tab.tab)&added=\(forge.id.rawValue)")
            #expect(String(buffer: try await client.get(back, recorder).body).contains("Added \(forge.account.label)."))
            let badLink = try await client.post("/add/link", tab.form([("uri", "https://example.com")]), recorder)
            #expect(badLink.status == .badRequest)
            #expect(String(buffer: badLink.body).contains("id=\"link-message\""))
            #expect(String(buffer: badLink.body).contains(#"aria-invalid="true" aria-describedby="link-message""#))
            let link = "otpauth://totp/Linked:ada?secret=\(Base32.encode(Array("zyxwvutsrqponmlkjihg".utf8)))&issuer=Linked"
            #expect(try await client.post("/add/link", tab.form([("uri", link)]), recorder).status == .seeOther)
            let list = String(buffer: try await client.get("/?tab=\(tab.tab)", recorder).body)
            #expect(list.contains("Forge") && list.contains("Linked"))
            #expect(!list.contains(secret))
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("import: a preview with new, duplicate and invalid entries, then the chosen ones applied; an oversize upload is a 413 page")
    func importing() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let fresh = Base32.encode(Array("an import secret 123".utf8))
            let text = [
                "otpauth://totp/Fresh:ada?secret=\(fresh)&issuer=Fresh",
                "otpauth://totp/GitHub:ada@example.com?secret=\(Base32.encode(TestSecrets.github))&issuer=GitHub",
                "otpauth://totp/Broken?secret=!!!",
            ].joined(separator: "\n")
            let preview = try await client.post(
                "/import/preview", tab.form([("format", "otpauthText"), ("text", text), ("password", "")]), recorder)
            #expect(preview.status == .ok)
            let page = String(buffer: preview.body)
            #expect(page.contains("1 new, 1 already in the vault, 1 invalid"))
            #expect(page.contains("status-duplicate") && page.contains("status-invalid"))
            #expect(!page.contains(fresh))
            let applied = try await client.post("/import/apply", tab.form([("chosen[]", "0")]), recorder)
            #expect(applied.status == .ok)
            #expect(String(buffer: applied.body).contains("id=\"import-summary\""))
            #expect(raft.appState.state.accounts.value?.contains { $0.account.issuer == "Fresh" } == true)

            let boundary = "KeelBoundary"
            var multipart = ""
            for (name, value) in [("tab", tab.tab), ("token", tab.token), ("format", "otpauthText"), ("password", "")] {
                multipart += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
            }
            let file = "otpauth://totp/Uploaded:ada?secret=\(Base32.encode(Array("an upload secret 456".utf8)))&issuer=Uploaded"
            multipart += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\n\(file)\r\n--\(boundary)--\r\n"
            let uploaded = try await client.execute(
                uri: "/import/preview", method: .post, headers: await recorder.withCookie([.contentType: "multipart/form-data; boundary=\(boundary)"]),
                body: ByteBuffer(string: multipart))
            #expect(uploaded.status == .ok)
            #expect(String(buffer: uploaded.body).contains("1 new, 0 already in the vault, 0 invalid"))
            let huge = String(repeating: "a", count: 1024 * 1024 + 1)
            let tooLarge = try await client.post("/import/preview", tab.form([("format", "otpauthText"), ("text", huge)]), recorder)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(String(buffer: tooLarge.body).contains("too large"))
            let garbled = try await client.execute(
                uri: "/import/preview", method: .post, headers: await recorder.withCookie([.contentType: "multipart/form-data; boundary=\(boundary)"]),
                body: ByteBuffer(string: "--\(boundary)\r\nno headers"))
            #expect(garbled.status == .badRequest)
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("export: the vault's passphrase is asked again; an encrypted Aegis vault is written, counted, then downloaded once; a plain format only after the confirmation")
    func export() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let aegisFields = [("format", "aegis"), ("password", "long enough pass"), ("confirmation", "long enough pass")]
            let mismatch = try await client.post("/export", tab.form([("format", "aegis"), ("password", "long enough pass"), ("confirmation", "other"), ("passphrase", Vessel.raftPassphrase)]), recorder)
            #expect(mismatch.status == .badRequest)
            // Unlocked is not enough: without the vault's passphrase, or with a wrong one, nothing is exported.
            let without = try await client.post("/export", tab.form(aegisFields), recorder)
            #expect(without.status == .badRequest)
            #expect(String(buffer: without.body).contains("passphrase"))
            let wrong = try await client.post("/export", tab.form(aegisFields + [("passphrase", "not the passphrase")]), recorder)
            #expect(wrong.status == .badRequest)
            #expect(String(buffer: wrong.body).contains("does not unlock the vault"))
            let page = String(buffer: try await client.get("/export?tab=\(tab.tab)", recorder).body)
            #expect(page.contains(#"name="passphrase""#))
            #expect(page.contains(#"data-follows="export-format" data-values="aegis">"#))
            #expect(page.contains(#"data-follows="export-format" data-values="otpauthText googleMigration">"#))
            #expect(!page.contains("id=\"download\""), "nothing to download before an export")
            let aegis = try await client.post("/export", tab.form(aegisFields + [("passphrase", Vessel.raftPassphrase)]), recorder)
            #expect(aegis.status == .seeOther)
            #expect(aegis.headers[.location] == "/export?tab=\(tab.tab)")
            // The page then says how many accounts the file holds and offers it; what was typed is gone.
            let ready = String(buffer: try await client.get("/export?tab=\(tab.tab)", recorder).body)
            #expect(ready.contains("3 accounts written. Download the file to keep it."))
            #expect(ready.contains(">Download accounts.aegis.json</button>"))
            #expect(!ready.contains("long enough pass"))
            let file = try await client.post("/export/download", tab.form(), recorder)
            #expect(file.status == .ok)
            #expect(file.headers[.contentDisposition]?.contains("accounts.aegis.json") == true)
            #expect(file.headers[.cacheControl] == "no-store")
            #expect(String(buffer: file.body).contains("\"slots\""), "an encrypted Aegis vault")
            // Offered once: the secrets leave the tab's memory with the download.
            let again = try await client.post("/export/download", tab.form(), recorder)
            #expect(again.status == .conflict)
            #expect(String(buffer: again.body).contains("Nothing to download now"))
            #expect(!String(buffer: try await client.get("/export?tab=\(tab.tab)", recorder).body).contains("id=\"download\""))
            let unconfirmed = try await client.post("/export", tab.form([("format", "otpauthText"), ("passphrase", Vessel.raftPassphrase)]), recorder)
            #expect(unconfirmed.status == .badRequest)
            // The plain file the person asked for holds the secrets by design: it is not recorded.
            var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            headers[.cacheControl] = nil
            let written = try await client.post("/export", tab.form([("format", "otpauthText"), ("confirmsPlain", "1"), ("passphrase", Vessel.raftPassphrase)]), recorder)
            #expect(written.status == .seeOther)
            let plain = try await client.execute(uri: "/export/download", method: .post, headers: await recorder.withCookie(headers), body: tab.form())
            #expect(plain.status == .ok)
            #expect(plain.headers[.contentDisposition]?.contains("accounts.otpauth.txt") == true)
            #expect(String(buffer: plain.body).contains(Base32.encode(TestSecrets.github, padding: false)))
        }
        #expect(await recorder.leaks().isEmpty)
        #expect(await recorder.bodies.allSatisfy { !$0.contains(Vessel.raftPassphrase) })
    }

    @Test("no page says a code was copied: only the page's script can put one on the clipboard, and Copy is offered only with it")
    func copiedIsNeverClaimed() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let hotp = try #require(raft.appState.state.accounts.value?.first { $0.account.parameters.kind == .hotp })
            let totp = try #require(raft.appState.state.accounts.value?.first { $0.account.parameters.kind == .totp })
            for account in [hotp, totp] {
                // A form posted without the script (a counter-based Next code, or a client that posts anyway).
                let copy = try await client.post("/copy", tab.form([("id", String(account.id.rawValue))]), recorder)
                #expect(copy.status == .seeOther)
                let page = String(buffer: try await client.get("/?tab=\(tab.tab)", recorder).body)
                #expect(!page.contains("Copied the code."), "the list after a copy without script")
                #expect(page.contains("class=\"copy script-only\""), "Copy is hidden without a script")
            }
            #expect(raft.appState.state.accounts.value?.first { $0.id == hotp.id }?.account.parameters.counter == hotp.account.parameters.counter + 1,
                    "the counter-based code advanced all the same")
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("a page of a tab is its scene's sheet: the import's preview stays while the tab shows the import page, and goes when it shows its list or another page")
    func pagesAreSheets() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let text = "otpauth://totp/Fresh:ada?secret=\(Base32.encode(Array("a sheet's secret 123".utf8)))&issuer=Fresh"
            let preview = try await client.post("/import/preview", tab.form([("format", "otpauthText"), ("text", text), ("password", "")]), recorder)
            #expect(String(buffer: preview.body).contains("1 new, 0 already in the vault, 0 invalid"))
            let scene = try #require(raft.appState.state.routing.keys.first)
            #expect(raft.appState.state.routing[scene]?.sheet == .importAccounts)
            #expect(String(buffer: try await client.get("/import?tab=\(tab.tab)", recorder).body).contains("1 new, 0 already in the vault"))

            _ = try await client.get("/?tab=\(tab.tab)", recorder)
            #expect(raft.appState.state.routing[scene] == nil, "the list is the scene without a sheet")
            #expect(!String(buffer: try await client.get("/import?tab=\(tab.tab)", recorder).body).contains("already in the vault"))

            _ = try await client.post("/import/preview", tab.form([("format", "otpauthText"), ("text", text), ("password", "")]), recorder)
            _ = try await client.get("/export?tab=\(tab.tab)", recorder)
            #expect(raft.appState.state.routing[scene]?.sheet == .export)
            #expect(!String(buffer: try await client.get("/import?tab=\(tab.tab)", recorder).body).contains("already in the vault"))
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("settings: a wrong offset is said; a right form is saved; the passphrase changes")
    func settings() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let wrong = try await client.post("/settings", tab.form([("timeOffset", "soon"), ("autoLock", "5"), ("order", "custom")]), recorder)
            #expect(wrong.status == .badRequest)
            #expect(String(buffer: wrong.body).contains("id=\"settings-error\""))
            let right = try await client.post("/settings", tab.form([("timeOffset", "-30"), ("showsNextCode", "1"), ("autoLock", "10"), ("order", "issuer")]), recorder)
            #expect(right.status == .seeOther)
            #expect(raft.appState.state.settings == VaultSettings(timeOffset: -30, showsNextCode: true, autoLockMinutes: 10, sortOrder: .issuer))
            let change = try await client.post("/passphrase", tab.form([("current", Vessel.raftPassphrase), ("new", "a new passphrase"), ("confirmation", "a new passphrase")]), recorder)
            #expect(change.status == .ok)
            #expect(String(buffer: change.body).contains("id=\"passphrase-changed\""))
        }
        #expect(await recorder.leaks().isEmpty)
    }
}
