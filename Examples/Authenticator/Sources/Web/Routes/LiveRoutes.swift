import Hummingbird
import KeelWeb

/// The live connection of a tab: server-sent events that push new codes at
/// each period's end, and send every page to the unlock page when the vault locks.
func addLiveRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd, options: WebOptions) {
    router.get("events") { request, context in
        let query = request.uri.queryParameters
        guard let session = await frontEnd.sessions.existing(query.get("tab"), browser: context.browser) else {
            throw HTTPError(.notFound, message: "This tab has expired. Reload the page.")
        }
        guard let page = query.get("page").flatMap(AuthenticatorFrontEnd.LivePage.init(rawValue:)) else {
            throw HTTPError(.badRequest, message: "Unknown page.")
        }
        let chunks = await LiveConnection.chunks(
            of: session, in: frontEnd.sessions, heartbeat: options.heartbeat, limit: query.get("max", as: Int.self)
        ) { frontEnd.liveState(of: session, page: page) }
        return Response.eventStream(chunks, for: request)
    }
}
