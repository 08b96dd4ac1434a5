import CountriesPresentation
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
    router.post("country/:code/:event") { @MainActor request, context in
        let code = try context.parameters.require("code").uppercased()
        let form = try await request.decodeForm(ButtonForm.self, context: context)
        let session = try frontEnd.sessions.authorize(form)
        let events: [String: CountryDetailsViewModel.Event] = ["reload": .reload, "cancel": .cancel, "flag": .showFlag, "unflag": .hideFlag]
        guard let event = events[try context.parameters.require("event")] else { throw HTTPError(.notFound) }
        session.screens.details(of: code).send(event)
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
