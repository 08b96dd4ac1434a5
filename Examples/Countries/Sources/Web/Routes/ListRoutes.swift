import CountriesPresentation
import Hummingbird
import KeelWeb

/// The list screen's routes: its page, the search typed, and the refresh started or cancelled. Every route decodes,
/// authorizes its tab, sends an event to the tab's list, and answers; a request from the page's script gets 204,
/// and the page follows on the live connection.
func addListRoutes(to router: Router<WebRequestContext>, frontEnd: WebFrontEnd) {
    router.get("/") { request, context in
        let query = try request.decodeQuery(ListQuery.self, context: context)
        return Response.reply(await frontEnd.listPage(tab: query.tab, query: query.q, accepting: request.languages))
    }
    router.post("search") { @MainActor request, context in
        let form = try await request.decodeForm(SearchForm.self, context: context)
        let session = try frontEnd.sessions.authorize(form)
        session.list.send(.search(form.q))
        return request.isFromScript ? Response(status: .noContent) : .redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    for (path, event) in [("refresh", CountryListViewModel.Event.refresh), ("refresh/cancel", .cancelRefresh)] {
        router.post(RouterPath(path)) { @MainActor request, context in
            let form = try await request.decodeForm(ButtonForm.self, context: context)
            let session = try frontEnd.sessions.authorize(form)
            session.list.send(event)
            return request.isFromScript ? Response(status: .noContent) : .redirect(to: "/?tab=\(session.id)", type: .normal)
        }
    }
}

/// The query of the list page, decoded as a form sends it (`+` is a space, `%2B` a plus).
struct ListQuery: Decodable, Sendable {
    let tab: String?
    let q: String?
}
