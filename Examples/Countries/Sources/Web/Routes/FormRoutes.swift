import Hummingbird
import KeelWeb

/// The state-changing requests: all POSTs, all checked against the tab's token.
func addFormRoutes(to router: Router<WebRequestContext>, frontEnd: WebFrontEnd) {
    router.post("search") { request, context in
        let form = try await request.decodeForm(SearchForm.self, context: context)
        let session = try await authorize(form, frontEnd)
        await frontEnd.search(session, text: form.q)
        return request.isFromScript ? Response(status: .noContent) : .redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("refresh") { request, context in
        try await refresh(request, context, frontEnd, cancel: false)
    }
    router.post("refresh/cancel") { request, context in
        try await refresh(request, context, frontEnd, cancel: true)
    }
    router.post("country/:code/:event") { request, context in
        let code = try context.parameters.require("code").uppercased()
        let event = try context.parameters.require("event")
        let form = try await request.decodeForm(ButtonForm.self, context: context)
        let session = try await authorize(form, frontEnd)
        guard await frontEnd.details(session, code: code, event: event) else {
            throw HTTPError(.notFound)
        }
        return request.isFromScript ? Response(status: .noContent) : .redirect(to: "/country/\(code)?tab=\(session.id)", type: .normal)
    }
    router.post("settings") { request, context in
        let form = try await request.decodeForm(SettingsForm.self, context: context)
        let session = try await authorize(form, frontEnd)
        if let invalid = await frontEnd.applySettings(
            session, showsRegion: form.showsRegion != nil, language: form.language, interface: form.interface) {
            return Response.reply(invalid)
        }
        var response = request.isFromScript ? Response(status: .noContent) : .redirect(to: "/settings?tab=\(session.id)&saved=1", type: .normal)
        // The interface language is the browser's: its other tabs and its new ones speak it too.
        if form.interface != nil { response.setCookie(LanguageCookie.cookie(for: await session.chosenLanguage)) }
        return response
    }
    router.post("activity") { request, context in
        let form = try await request.decodeForm(ActivityForm.self, context: context)
        let session = try await authorize(form, frontEnd)
        guard form.active == "true" || form.active == "false" else {
            throw PageError(.badRequest, message: "active must be true or false.")
        }
        await frontEnd.activity(session, isActive: form.active == "true")
        return Response(status: .noContent)
    }
}

private func refresh(
    _ request: Request, _ context: WebRequestContext, _ frontEnd: WebFrontEnd, cancel: Bool
) async throws -> Response {
    let form = try await request.decodeForm(ButtonForm.self, context: context)
    let session = try await authorize(form, frontEnd)
    await frontEnd.refresh(session, cancel: cancel)
    return request.isFromScript ? Response(status: .noContent) : .redirect(to: "/?tab=\(session.id)", type: .normal)
}

/// The tab session of a form whose token is right; 403 otherwise.
private func authorize(_ form: some TabForm, _ frontEnd: WebFrontEnd) async throws -> CountryTab {
    try await frontEnd.sessions.authorize(form)
}
