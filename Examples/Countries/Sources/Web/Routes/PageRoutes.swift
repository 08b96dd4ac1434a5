import Hummingbird

/// The pages: list, details, settings, deep links, and a trivial health route.
func addPageRoutes(to router: Router<WebRequestContext>, frontEnd: WebFrontEnd) {
    router.get("/") { request, _ in
        let query = request.uri.queryParameters
        return Response.reply(await frontEnd.listPage(tab: query.get("tab"), query: query.formValue("q")))
    }
    router.get("country/:code") { request, context in
        let code = try context.parameters.require("code")
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw HTTPError(.notFound, message: "There is no country with the code \(code.prefix(12)).")
        }
        return Response.reply(await frontEnd.detailsPage(tab: request.uri.queryParameters.get("tab"), code: code))
    }
    router.get("settings") { request, _ in
        let query = request.uri.queryParameters
        return Response.reply(await frontEnd.settingsPage(tab: query.get("tab"), saved: query.get("saved") == "1"))
    }
    router.get("open") { request, _ in
        let query = request.uri.queryParameters
        return Response.reply(await frontEnd.openLink(tab: query.get("tab"), link: query.formValue("url") ?? ""))
    }
    // The trivial route the load figures compare the pages with.
    router.get("health") { _, _ in "ok" }
}

extension Parameters {
    /// A query value as an HTML form sends it: `+` stands for a space.
    func formValue(_ name: String) -> String? {
        get(name).map { $0.replacingOccurrences(of: "+", with: " ") }
    }
}
