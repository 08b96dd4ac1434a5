import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelWebTesting
import Testing

@Suite("Authenticator web: edit, delete with undo, tags and note, the custom order", .timeLimit(.minutes(5)))
struct EditRouteTests {
    @Test("the edit page saves names, note and tags; a mistake is said beside the names and saves nothing; never a secret")
    func edit() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let github = try #require(raft.appState.state.accounts.value?.first { $0.account.issuer == "GitHub" })
            let list = String(buffer: try await client.get("/?tab=\(tab.tab)", recorder).body)
            #expect(list.contains("href=\"/edit?tab=\(tab.tab)&amp;id=\(github.id.rawValue)\""), "each row links to its edit page")
            let page = String(buffer: try await client.get("/edit?tab=\(tab.tab)&id=\(github.id.rawValue)", recorder).body)
            #expect(page.contains(#"id="issuer" value="GitHub""#) && page.contains(#"id="tags" value="work""#))
            let scene = try #require(raft.appState.state.routing.keys.first)
            #expect(raft.appState.state.routing[scene]?.sheet == .editAccount(github.id), "the page is the scene's edit sheet")

            let id = String(github.id.rawValue)
            let wrong = try await client.post(
                "/edit", tab.form([("id", id), ("issuer", "Git:Hub"), ("name", "ada"), ("note", ""), ("tags", "")]), recorder)
            #expect(wrong.status == .badRequest)
            let wrongPage = String(buffer: wrong.body)
            #expect(wrongPage.contains(#"id="issuer" value="Git:Hub" aria-invalid="true" aria-describedby="names-message""#))
            #expect(wrongPage.contains("id=\"names-message\">The service cannot contain a colon"))
            #expect(raft.appState.state.accounts.value?.first { $0.id == github.id }?.account.issuer == "GitHub", "nothing saved")

            let saved = try await client.post(
                "/edit", tab.form([("id", id), ("issuer", "GitHub Inc"), ("name", "ada@work"), ("note", "Recovery codes in the safe"),
                                   ("tags", " work , code,, ")]), recorder)
            #expect(saved.status == .seeOther)
            let back = try #require(saved.headers[.location])
            #expect(back == "/?tab=\(tab.tab)&saved=\(id)")
            let edited = try #require(raft.appState.state.accounts.value?.first { $0.id == github.id })
            #expect(edited.account.issuer == "GitHub Inc" && edited.account.name == "ada@work")
            #expect(edited.account.note == "Recovery codes in the safe")
            #expect(edited.tags == ["work", "code"])
            #expect(edited.account.secret == github.account.secret, "an edit never touches the secret")
            let after = String(buffer: try await client.get(back, recorder).body)
            #expect(after.contains("Saved GitHub Inc (ada@work)."))
            #expect(raft.appState.state.routing[scene] == nil, "back to the list")
            // In Korean too.
            let korean = String(buffer: try await client.get("/edit?tab=\(tab.tab)&id=\(id)", recorder, headers: [.acceptLanguage: "ko"]).body)
            #expect(korean.contains("<html lang=\"ko\">") && korean.contains("계정 삭제"))
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("delete goes back to the list, which says so and offers Undo; Undo brings the account back once")
    func deleteAndUndo() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let bank = try #require(raft.appState.state.accounts.value?.first { $0.account.issuer == "Bank" })
            let id = String(bank.id.rawValue)
            #expect(!String(buffer: try await client.get("/?tab=\(tab.tab)", recorder).body).contains("id=\"undo\""), "no Undo before a delete")
            let deleted = try await client.post("/delete", tab.form([("id", id)]), recorder)
            #expect(deleted.status == .seeOther)
            #expect(raft.appState.state.accounts.value?.contains { $0.id == bank.id } == false)
            let list = String(buffer: try await client.get("/?tab=\(tab.tab)", recorder).body)
            #expect(list.contains("Deleted Bank (ada)."))
            #expect(list.contains("id=\"undo\""))
            // Its edit page, and a second delete, find it gone: a 404 page, not a 500.
            #expect(try await client.get("/edit?tab=\(tab.tab)&id=\(id)", recorder).status == .notFound)
            #expect(try await client.post("/delete", tab.form([("id", id)]), recorder).status == .notFound)
            #expect(try await client.post("/edit", tab.form([("id", id), ("issuer", "B"), ("name", "")]), recorder).status == .notFound)

            #expect(try await client.post("/undo", tab.form(), recorder).status == .seeOther)
            let back = try #require(raft.appState.state.accounts.value?.first { $0.id == bank.id })
            #expect(back.account == bank.account)
            let after = String(buffer: try await client.get("/?tab=\(tab.tab)", recorder).body)
            #expect(after.contains("Brought back Bank (ada).") && !after.contains("id=\"undo\""))
            // Pressed again (a second tab, a double click): nothing more comes back, nothing fails.
            let count = raft.appState.state.accounts.value?.count
            #expect(try await client.post("/undo", tab.form(), recorder).status == .seeOther)
            #expect(raft.appState.state.accounts.value?.count == count)
            #expect(try await client.post("/undo", ByteBuffer(string: "tab=\(tab.tab)&token=forged"), recorder).status == .forbidden)
        }
        #expect(await recorder.leaks().isEmpty)
    }

    @Test("in the custom order each row moves up and down; with a search or another order the rows offer no move and a move is refused")
    func reorder() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            func order() -> [String] {
                AccountSearch.sorted(raft.appState.state.accounts.value ?? [], by: .custom).map(\.account.issuer)
            }
            let ids = Dictionary(uniqueKeysWithValues: (raft.appState.state.accounts.value ?? []).map { ($0.account.issuer, String($0.id.rawValue)) })
            #expect(order() == ["GitHub", "Bank", "VPN"])
            let list = String(buffer: try await client.get("/?tab=\(tab.tab)", recorder).body)
            #expect(list.contains("id=\"move-up-\(ids["GitHub"]!)\" aria-label=\"Move up\" disabled"), "the first row cannot move up")
            #expect(list.contains("id=\"move-down-\(ids["VPN"]!)\" aria-label=\"Move down\" disabled"), "the last row cannot move down")
            #expect(!list.contains("id=\"move-down-\(ids["GitHub"]!)\" aria-label=\"Move down\" disabled"))

            #expect(try await client.post("/move", tab.form([("id", ids["VPN"]!), ("direction", "up")]), recorder).status == .seeOther)
            #expect(order() == ["GitHub", "VPN", "Bank"])
            #expect(try await client.post("/move", tab.form([("id", ids["GitHub"]!), ("direction", "down")]), recorder).status == .seeOther)
            #expect(order() == ["VPN", "GitHub", "Bank"])
            // The first moved up stays first; an unknown direction is a 400.
            #expect(try await client.post("/move", tab.form([("id", ids["VPN"]!), ("direction", "up")]), recorder).status == .seeOther)
            #expect(order() == ["VPN", "GitHub", "Bank"])
            #expect(try await client.post("/move", tab.form([("id", ids["Bank"]!), ("direction", "sideways")]), recorder).status == .badRequest)
            #expect(try await client.post("/move", tab.form([("id", "999"), ("direction", "up")]), recorder).status == .notFound)

            // While a search narrows the list, no row offers a move and a move is refused.
            #expect(try await client.post("/list", tab.form([("q", "git")]), recorder).status == .seeOther)
            #expect(!String(buffer: try await client.get("/?tab=\(tab.tab)", recorder).body).contains("id=\"move-up-"))
            #expect(try await client.post("/move", tab.form([("id", ids["GitHub"]!), ("direction", "up")]), recorder).status == .conflict)
            #expect(order() == ["VPN", "GitHub", "Bank"])
        }
        #expect(await recorder.leaks().isEmpty)
    }
}
