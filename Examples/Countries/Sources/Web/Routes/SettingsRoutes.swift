import Hummingbird
import KeelWeb

/// The settings screen's routes: its page, and the settings applied.
func addSettingsRoutes(to router: Router<WebRequestContext>, frontEnd: WebFrontEnd) {
    router.get("settings") { request, _ in
        let query = request.uri.queryParameters
        return Response.reply(await frontEnd.settingsPage(
            tab: query.get("tab"), saved: query.get("saved") == "1", accepting: request.languages))
    }
    router.post("settings") { @MainActor request, context in
        let form = try await request.decodeForm(SettingsForm.self, context: context)
        let session = try frontEnd.sessions.authorize(form)
        if let invalid = await frontEnd.applySettings(
            session, showsRegion: form.showsRegion != nil, language: form.language, interface: form.interface) {
            return Response.reply(invalid)
        }
        var response = request.isFromScript ? Response(status: .noContent) : .redirect(to: "/settings?tab=\(session.id)&saved=1", type: .normal)
        // The interface language is the browser's: its other tabs and its new ones speak it too.
        if form.interface != nil { response.setCookie(LanguageCookie.cookie(for: session.chosenLanguage)) }
        return response
    }
}
