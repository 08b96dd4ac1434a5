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
    router.post("search") { request, context in
        let form = try await request.decodeForm(SearchForm.self, context: context)
        let session = try await frontEnd.sessions.authorize(form)
        await frontEnd.search(session, text: form.q)
        return request.isFromScript ? Response(status: .noContent) : .redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("refresh") { request, context in
        try await refresh(request, context, frontEnd, cancel: false)
    }
    router.post("refresh/cancel") { request, context in
        try await refresh(request, context, frontEnd, cancel: true)
    }
}

private func refresh(
    _ request: Request, _ context: WebRequestContext, _ frontEnd: WebFrontEnd, cancel: Bool
) async throws -> Response {
    let form = try await request.decodeForm(ButtonForm.self, context: context)
    let session = try await frontEnd.sessions.authorize(form)
    await frontEnd.refresh(session, cancel: cancel)
    return request.isFromScript ? Response(status: .noContent) : .redirect(to: "/?tab=\(session.id)", type: .normal)
}

/// The query of the list page, decoded as a form sends it (`+` is a space, `%2B` a plus).
struct ListQuery: Decodable, Sendable {
    let tab: String?
    let q: String?
}
