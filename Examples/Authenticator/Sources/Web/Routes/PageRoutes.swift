import AuthenticatorDomain
import AuthenticatorPresentation
import Hummingbird
import Keel
import KeelWeb

/// The pages. Every page but the unlock page answers a locked vault with a
/// redirection to it. The handlers run on the main actor, with the view models they read.
func addPageRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd) {
    router.get("unlock") { @MainActor request, context in
        let session = frontEnd.session(request.uri.queryParameters.get("tab"), browser: context.browser)
        session.hear(request.languages, in: frontEnd.catalog)
        guard !frontEnd.isUnlocked(session) else { return Response.redirect(to: "/?tab=\(session.id)", type: .normal) }
        return Response.reply(await frontEnd.page("unlock", UnlockPage(session: session, in: frontEnd)))
    }
    router.get("/") { @MainActor request, context in
        let query = try request.decodeQuery(ListQuery.self, context: context)
        let session = try frontEnd.unlockedSession(query.tab, browser: context.browser)
        session.hear(request.languages, in: frontEnd.catalog)
        return Response.reply(await frontEnd.listPage(session, query: query))
    }
    router.get("add") { @MainActor request, context in
        let session = try frontEnd.unlockedSession(request.uri.queryParameters.get("tab"), browser: context.browser, page: "/add")
        session.hear(request.languages, in: frontEnd.catalog)
        session.show(.addAccount)
        return Response.reply(await frontEnd.page("add", AddPage(session: session, in: frontEnd, form: AccountFormState())))
    }
    router.get("import") { @MainActor request, context in
        let session = try frontEnd.unlockedSession(request.uri.queryParameters.get("tab"), browser: context.browser, page: "/import")
        session.hear(request.languages, in: frontEnd.catalog)
        return Response.reply(await frontEnd.page("import", ImportPage(session: session, in: frontEnd)))
    }
    router.get("export") { @MainActor request, context in
        let session = try frontEnd.unlockedSession(request.uri.queryParameters.get("tab"), browser: context.browser, page: "/export")
        session.hear(request.languages, in: frontEnd.catalog)
        return Response.reply(await frontEnd.page("export", ExportPage(session: session, in: frontEnd)))
    }
    router.get("settings") { @MainActor request, context in
        let query = request.uri.queryParameters
        let session = try frontEnd.unlockedSession(query.get("tab"), browser: context.browser, page: "/settings")
        session.hear(request.languages, in: frontEnd.catalog)
        let form = SettingsViewState(session.appState.read { $0.settings })
        return Response.reply(await frontEnd.page(
            "settings", SettingsPage(session: session, in: frontEnd, form: form, saved: query.get("saved") == "1")))
    }
    // The trivial route the load figures compare the pages with.
    router.get("health") { @MainActor _, _ in "ok" }
}

/// The query of the list page: the search, and the filter (`all`, `favourites` or `tag:…`).
struct ListQuery: Decodable, Sendable {
    let tab: String?
    let q: String?
    let filter: String?
    /// How many rows to show (a "Show more" link); a new search or filter shows a page again.
    let shown: Int?
}

extension AuthenticatorFrontEnd {
    /// The list page, searched and filtered as `query` says.
    func listPage(_ session: AuthenticatorTab, query: ListQuery, message: LocalizedText? = nil) async -> WebReply {
        // The list is the scene without a sheet: what another page held goes.
        session.show(nil)
        let list = session.list
        search(session, text: query.q, filter: query.filter)
        // At most what the list holds.
        if let shown = query.shown { show(rows: min(shown, list.rows.count), of: session) }
        list.send(.tick(session.service.clock.now()))
        return await page("list", ListPage(session: session, message: message ?? list.message, in: self))
    }

    /// Searches and filters the list of `session` (either left as it is when `nil`); a
    /// new search or filter shows a page of rows again.
    func search(_ session: AuthenticatorTab, text: String?, filter name: String?) {
        let list = session.list
        if let text, text != list.searchText {
            list.send(.search(text))
            show(rows: ListRows.pageSize, of: session)
        }
        if let filter = name.map(Self.filter(named:)), filter != list.filter {
            list.send(.filter(filter))
            show(rows: ListRows.pageSize, of: session)
        }
    }

    /// The filter a query names; every account for a name it does not know.
    static func filter(named name: String) -> AccountFilter {
        if name == "favourites" { return .favourites }
        if name.hasPrefix("tag:"), name.count > 4 { return .tag(String(name.dropFirst(4))) }
        return .all
    }
}
