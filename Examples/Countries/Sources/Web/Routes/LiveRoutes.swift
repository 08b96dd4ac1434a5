import Hummingbird
import KeelWeb

/// The live connection of a tab: server-sent events that keep its page up to date; and the tab's activity (its
/// page shown or hidden), which its script posts.
func addLiveRoutes(to router: Router<WebRequestContext>, frontEnd: WebFrontEnd, options: WebOptions) {
    router.get("events") { request, _ in
        let query = request.uri.queryParameters
        guard let session = await frontEnd.sessions.existing(query.get("tab")) else {
            throw PageError(.notFound, message: "This tab has expired. Reload the page.")
        }
        let page: WebFrontEnd.LivePage
        switch query.get("page") {
        case "list": page = .list
        case "settings": page = .settings
        case "details":
            guard let code = query.get("code"), code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw PageError(.badRequest, message: "A details page needs a country code.")
            }
            page = .details(code: code.uppercased())
        default:
            throw PageError(.badRequest, message: "Unknown page.")
        }
        let chunks = await LiveConnection.chunks(
            of: session, in: frontEnd.sessions, heartbeat: options.heartbeat, limit: query.get("max", as: Int.self),
            shown: request.shownFragment
        ) { frontEnd.liveState(of: session, page: page) }
        return Response.eventStream(chunks, for: request)
    }
    router.post("activity") { @MainActor request, context in
        let form = try await request.decodeForm(ActivityForm.self, context: context)
        let session = try frontEnd.sessions.authorize(form)
        guard form.active == "true" || form.active == "false" else {
            throw PageError(.badRequest, message: "active must be true or false.")
        }
        session.root.send(.sceneActivity(isActive: form.active == "true"))
        return Response(status: .noContent)
    }
}
