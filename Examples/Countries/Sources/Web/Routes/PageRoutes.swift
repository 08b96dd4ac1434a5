import Hummingbird
import KeelWeb

/// The pages: list, details, settings, deep links, and a trivial health route.
func addPageRoutes(to router: Router<WebRequestContext>, frontEnd: WebFrontEnd) {
    router.get("/") { request, context in
        let query = try request.decodeQuery(ListQuery.self, context: context)
        return Response.reply(await frontEnd.listPage(tab: query.tab, query: query.q, accepting: request.languages))
    }
    router.get("country/:code") { request, context in
        let code = try context.parameters.require("code")
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw PageError(.notFound, message: "There is no country with the code \(code.prefix(12)).")
        }
        return Response.reply(await frontEnd.detailsPage(
            tab: request.uri.queryParameters.get("tab"), code: code, accepting: request.languages))
    }
    router.get("settings") { request, _ in
        let query = request.uri.queryParameters
        return Response.reply(await frontEnd.settingsPage(
            tab: query.get("tab"), saved: query.get("saved") == "1", accepting: request.languages))
    }
    router.get("open") { request, context in
        let query = try request.decodeQuery(OpenQuery.self, context: context)
        return Response.reply(await frontEnd.openLink(tab: query.tab, link: query.url ?? "", accepting: request.languages))
    }
    // The trivial route the load figures compare the pages with.
    router.get("health") { _, _ in "ok" }
}

/// The query of the list page, decoded as a form sends it (`+` is a space, `%2B` a plus).
struct ListQuery: Decodable, Sendable {
    let tab: String?
    let q: String?
}

/// The query of a deep link opened in a tab.
struct OpenQuery: Decodable, Sendable {
    let tab: String?
    let url: String?
}
