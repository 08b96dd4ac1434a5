import Hummingbird
import KeelWeb

/// The live connection of a tab: server-sent events that push new codes at
/// each period's end (the same `codes` event to every list tab), new rows when
/// the list changes, and send every page to the unlock page when the vault locks.
func addLiveRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd) {
    router.get("events") { request, context in
        let query = request.uri.queryParameters
        guard let session = await frontEnd.sessions.existing(query.get("tab"), browser: context.browser) else {
            throw PageError(.notFound, message: "This tab has expired. Reload the page.")
        }
        guard let page = query.get("page").flatMap(AuthenticatorFrontEnd.LivePage.init(rawValue:)) else {
            throw PageError(.badRequest, message: "Unknown page.")
        }
        let chunks = await frontEnd.liveConnection(
            of: session, page: page, limit: query.get("max", as: Int.self), shown: request.shownFragment)
        return Response.eventStream(chunks, for: request)
    }
}
