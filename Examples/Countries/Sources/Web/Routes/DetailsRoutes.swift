import Hummingbird
import KeelWeb

/// The details screen's routes: a country's page, what its buttons send (reload, cancel, the flag sheet), and a
/// deep link opened in a tab.
func addDetailsRoutes(to router: Router<WebRequestContext>, frontEnd: WebFrontEnd) {
    router.get("country/:code") { request, context in
        let code = try context.parameters.require("code")
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw PageError(.notFound, message: "There is no country with the code \(code.prefix(12)).")
        }
        return Response.reply(await frontEnd.detailsPage(
            tab: request.uri.queryParameters.get("tab"), code: code, accepting: request.languages))
    }
    router.post("country/:code/:event") { request, context in
        let code = try context.parameters.require("code").uppercased()
        let event = try context.parameters.require("event")
        let form = try await request.decodeForm(ButtonForm.self, context: context)
        let session = try await frontEnd.sessions.authorize(form)
        guard await frontEnd.details(session, code: code, event: event) else {
            throw HTTPError(.notFound)
        }
        return request.isFromScript ? Response(status: .noContent) : .redirect(to: "/country/\(code)?tab=\(session.id)", type: .normal)
    }
    router.get("open") { request, context in
        let query = try request.decodeQuery(OpenQuery.self, context: context)
        return Response.reply(await frontEnd.openLink(tab: query.tab, link: query.url ?? "", accepting: request.languages))
    }
}

/// The query of a deep link opened in a tab.
struct OpenQuery: Decodable, Sendable {
    let tab: String?
    let url: String?
}
