import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelWeb

/// The account list's routes: its page, and what its rows and menus send (search, filter, sort, copy, favourite,
/// a move in the custom order, Undo after a delete, a notice dismissed). Every route decodes, authorizes its tab, sends an event to the tab's list, waits for the
/// work it started, and answers; requests from the page's script get 204 and the rows follow on the live connection.
func addListRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd) {
    router.get("/") { @MainActor request, context in
        let query = try request.decodeQuery(ListQuery.self, context: context)
        let session = try frontEnd.unlockedSession(query.tab, browser: context.browser)
        frontEnd.voice(of: session, accepting: request.languages)
        return Response.reply(await frontEnd.listPage(session, query: query))
    }
    // Search and filter as the reader types or chooses (the page's script): the rows follow over the live connection.
    router.post("list") { @MainActor request, context in
        let form = try await request.decodeForm(ListForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        frontEnd.search(session, text: form.q, filter: form.filter)
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("copy") { @MainActor request, context in
        let form = try await request.decodeForm(AccountForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        await OwnedTasks.waitForTasks { session.list.send(.copy(AccountID(form.id))) }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("favourite") { @MainActor request, context in
        let form = try await request.decodeForm(AccountForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        await OwnedTasks.waitForTasks { session.list.send(.favourite(AccountID(form.id), form.value == "true")) }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("move") { @MainActor request, context in
        let form = try await request.decodeForm(MoveForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        let list = session.list
        guard list.canReorder else {
            throw PageError(.conflict, message: "Choose the custom order, without search or filter, to move accounts.", language: frontEnd.wording(of: session).language)
        }
        var ids = list.rows.map(\.id)
        guard let from = ids.firstIndex(of: AccountID(form.id)) else {
            throw PageError(.notFound, message: VaultFizzle.accountNotFound.message, language: frontEnd.wording(of: session).language)
        }
        guard let step = ["up": -1, "down": 1][form.direction] else { throw PageError(.badRequest, message: "Unknown direction.") }
        let to = from + step
        // The first row moved up, or the last down, stays where it is.
        if ids.indices.contains(to) {
            ids.swapAt(from, to)
            await OwnedTasks.waitForTasks { list.send(.reorder(ids)) }
        }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("undo") { @MainActor request, context in
        let form = try await request.decodeForm(ButtonForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        // Undo twice (a second tab, a button pressed again) brings back one account, once.
        if session.list.canUndo { await OwnedTasks.waitForTasks { session.list.send(.undoDelete) } }
        return Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("notices/dismiss") { @MainActor request, context in
        let form = try await request.decodeForm(NoticeForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        // One already dismissed (in another tab) is no error: it is gone.
        if let notice = session.list.notices.first(where: { $0.id == form.notice }) { session.list.send(.dismissNotice(notice)) }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("sort") { @MainActor request, context in
        let form = try await request.decodeForm(SortForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        guard let order = AccountOrder(rawValue: form.order) else { throw PageError(.badRequest, message: "Unknown order.") }
        var settings = SettingsViewState(session.appState.read { $0.settings })
        settings.sortOrder = order
        if let problem = await settings.apply(to: session.service) { throw PageError(.badRequest, message: problem, language: frontEnd.wording(of: session).language) }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
}

/// The query of the list page: the search, and the filter (`all`, `favourites` or `tag:…`).
struct ListQuery: Decodable, Sendable {
    let tab: String?
    let q: String?
    let filter: String?
    /// How many rows to show (a "Show more" link); a new search or filter shows a page again.
    let shown: Int?
    /// The account just added, which the page names (the add form's answer).
    let added: Int64?
    /// The account just edited, which the page names (the edit form's answer).
    let saved: Int64?
}
