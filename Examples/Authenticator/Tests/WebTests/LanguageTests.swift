import AuthenticatorApp
import AuthenticatorPresentation
import AuthenticatorTesting
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelWeb
import KeelWebTesting
import Testing

/// The interface language: the browser's (Accept-Language) unless its
/// reader chose one in the settings (a cookie of the browser's).
@Suite("Authenticator web pages in the tab's language", .timeLimit(.minutes(2)))
struct LanguageTests {
    static let korean: HTTPFields = [.acceptLanguage: "ko-KR,ko;q=0.9,en;q=0.8"]
    static let english: HTTPFields = [.acceptLanguage: "en-US,en;q=0.9"]

    @Test("a Korean browser gets the unlock page, a wrong passphrase's message and the list in Korean; no secret in them")
    func koreanBrowser() async throws {
        let (raft, _) = try await webRaft(unlocked: false)
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let unlock = try await client.get("/unlock", recorder, headers: Self.korean)
            let page = String(buffer: unlock.body)
            #expect(page.contains(#"<html lang="ko">"#))
            #expect(page.contains("<h1>보관함 잠금 해제</h1>"))
            #expect(page.contains(">잠금 해제</button>"))
            let tab = try #require(TabCredentials(page: page))
            let wrong = try await client.post("/unlock", tab.form([("passphrase", "not the passphrase")]), recorder)
            #expect(wrong.status == .badRequest)
            #expect(String(buffer: wrong.body).contains("이 암호 문구로는 보관함을 열 수 없습니다."), "in the tab's language")
            let right = try await client.post("/unlock", tab.form([("passphrase", Vessel.raftPassphrase)]), recorder)
            #expect(right.status == .seeOther)
            let list = String(buffer: try await client.get("/?tab=\(tab.tab)", recorder, headers: Self.korean).body)
            #expect(list.contains(#"<html lang="ko">"#))
            #expect(list.contains(">지금 잠그기</button>"))
            #expect(list.contains(">복사</button>"))
            #expect(list.contains(">모든 계정</option>"))
            #expect(list.contains("<title>계정 · Authenticator</title>"))
            #expect(!list.contains(">Copy</button>"))
            #expect(list.contains("GitHub"), "names stay as they are")
            let none = String(buffer: try await client.get("/?tab=\(tab.tab)&q=zzz", recorder, headers: Self.korean).body)
            #expect(none.contains("“zzz”에 맞는 계정이 없습니다."))
            // KeelWeb's own error pages too.
            let nowhere = try await client.get("/nowhere", recorder, headers: Self.korean)
            #expect(nowhere.status == .notFound)
            let error = String(buffer: nowhere.body)
            #expect(error.contains(#"<html lang="ko">"#) && error.contains("찾을 수 없음") && error.contains("여기에는 페이지가 없습니다."), "\(error)")
            let malformed = try await client.get("/?tab=%G1", recorder, headers: Self.korean)
            #expect(malformed.status == .badRequest)
            #expect(String(buffer: malformed.body).contains("<h1>400 · 잘못된 요청</h1>"), "a thrown message that is a key: translated")
            #expect(String(buffer: malformed.body).contains("주소를 읽을 수 없습니다."))
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("the catalog holds the words KeelWeb puts on error pages")
    func errorPageWords() throws {
        let keys = try AuthenticatorStrings.catalog().keys
        let missing = MessagePage.catalogKeys.filter { !keys.contains($0) }
        #expect(missing.isEmpty, "not in the catalog: \(missing)")
    }

    @Test("an English, a foreign or no Accept-Language gets English")
    func otherBrowsers() async throws {
        let (raft, _) = try await webRaft()
        try await webApplication(raft).test(.router) { client in
            for headers: HTTPFields in [Self.english, [.acceptLanguage: "fr-FR,de;q=0.5"], [:], [.acceptLanguage: "*;q=0, ko;q=0"]] {
                let page = String(buffer: try await client.get("/unlock", BodyRecorder(), headers: headers).body)
                #expect(page.contains(#"<html lang="en">"#), "\(headers)")
                #expect(page.contains("<h1>Unlock your vault</h1>"), "\(headers)")
            }
        }
    }

    @Test("the interface language chosen in one tab is the browser's: its other tabs speak it, another browser keeps its own")
    func chosenLanguage() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let mine = try #require(try await client.openTab(recorder))
            let other = try #require(try await client.openTab(recorder))
            let saved = try await client.post("/settings", mine.form(Self.settings(interface: "ko")), recorder)
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.setCookie]?.hasPrefix("keel-language=ko;") == true)
            let list = String(buffer: try await client.get("/?tab=\(mine.tab)", recorder, headers: Self.english).body)
            #expect(list.contains(">복사</button>"))
            let settings = String(buffer: try await client.get("/settings?tab=\(mine.tab)", recorder, headers: Self.english).body)
            #expect(settings.contains(#"<option value="ko" selected>한국어</option>"#))
            let theirs = String(buffer: try await client.get("/?tab=\(other.tab)", recorder, headers: Self.english).body)
            #expect(theirs.contains(">복사</button>"), "the browser's other tab speaks it too")
            let stranger = String(buffer: try await client.get("/unlock", BodyRecorder(), headers: Self.english).body)
            #expect(stranger.contains("<h1>Unlock your vault</h1>"), "another browser keeps its own language")

            let back = try await client.post("/settings", mine.form(Self.settings(interface: "")), recorder)
            #expect(back.status == .seeOther)
            #expect(back.headers[.setCookie]?.contains("Max-Age=0") == true)
            for tab in [mine.tab, other.tab] {
                let english = String(buffer: try await client.get("/?tab=\(tab)", recorder, headers: Self.english).body)
                #expect(english.contains(">Copy</button>"))
            }
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("an interface language the app does not speak is refused with 400, in the tab's language, and changes nothing")
    func unknownLanguage() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            _ = try await client.get("/settings?tab=\(tab.tab)", recorder, headers: Self.korean)
            let refused = try await client.post("/settings", tab.form(Self.settings(interface: "tlh")), recorder)
            #expect(refused.status == .badRequest)
            #expect(String(buffer: refused.body).contains("보기에 있는 언어 중 하나를 고르세요."))
            let list = String(buffer: try await client.get("/?tab=\(tab.tab)", recorder, headers: Self.english).body)
            #expect(list.contains(">Copy</button>"), "no language was chosen")
        }
    }

    @Test("the forms' messages, the import's preview and the backups' status are in the tab's language")
    func formMessages() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let settings = String(buffer: try await client.get("/settings?tab=\(tab.tab)", recorder, headers: Self.korean).body)
            #expect(settings.contains("자동 백업이 꺼져 있습니다."))
            let offset = try await client.post(
                "/settings", tab.form([("timeOffset", "soon"), ("autoLock", "5"), ("order", "custom")]), recorder)
            #expect(offset.status == .badRequest)
            #expect(String(buffer: offset.body).contains("시간 보정은 -30이나 15처럼 초 단위 정수입니다."))
            let backups = try await client.post("/backups", tab.form([("enabled", "on"), ("folder", "Backups"), ("kept", "3")]), recorder)
            #expect(backups.status == .badRequest)
            #expect(String(buffer: backups.body).contains("백업 폴더는 /home/you/Backups처럼 전체 경로여야 합니다."))
            let passphrase = try await client.post(
                "/passphrase", tab.form([("current", Vessel.raftPassphrase), ("new", "short"), ("confirmation", "short")]), recorder)
            #expect(passphrase.status == .badRequest)
            #expect(String(buffer: passphrase.body).contains("암호 문구는 8자 이상이어야 합니다."))

            let text = "otpauth://totp/New:one?secret=JBSWY3DPEHPK3PXP&issuer=New\notpauth://totp/Broken?secret=AB1C"
            let preview = String(buffer: try await client.post(
                "/import/preview", tab.form([("format", "otpauthText"), ("text", text), ("password", "")]), recorder).body)
            #expect(preview.contains("새 계정 1개, 이미 있는 계정 0개, 잘못된 항목 1개"))
            #expect(preview.contains(#"<td class="where">2번째 줄</td>"#))
            #expect(preview.contains("비밀 키의 3번째 글자"))
            #expect(!preview.contains("line 2") && !preview.contains(" invalid"), "nothing left in English")
        }
        #expect(await recorder.leaks().isEmpty)
    }

    /// The settings form as the page sends it, with `interface`.
    static func settings(interface: String) -> [(String, String)] {
        [("timeOffset", "0"), ("autoLock", "5"), ("order", "custom"), ("interface", interface)]
    }
}

extension TestClientProtocol {
    /// Gets `uri` with `headers` and the browser's cookie, recorded.
    func get(_ uri: String, _ recorder: BodyRecorder, headers: HTTPFields) async throws -> TestResponse {
        await recorder.record(try await execute(uri: uri, method: .get, headers: await recorder.withCookie(headers)))
    }
}
