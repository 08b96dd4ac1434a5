import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelWeb

/// The settings screen's routes: its page, the settings, the automatic backups, and the change of passphrase.
func addSettingsRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd) {
    router.get("settings") { @MainActor request, context in
        let query = request.uri.queryParameters
        let session = try frontEnd.unlockedSession(query.get("tab"), browser: context.browser, page: "/settings")
        frontEnd.voice(of: session, accepting: request.languages)
        let form = SettingsViewState(session.appState.read { $0.settings })
        return Response.reply(await frontEnd.page(
            "settings", SettingsPage(session: session, in: frontEnd, form: form, saved: query.get("saved") == "1")))
    }
    router.post("settings") { @MainActor request, context in
        let form = try await request.decodeForm(SettingsForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        guard let order = AccountOrder(rawValue: form.order) else { throw PageError(.badRequest, message: "Unknown order.") }
        var settings = SettingsViewState(session.appState.read { $0.settings })
        settings.timeOffset = form.timeOffset
        settings.showsNextCode = form.showsNextCode != nil
        settings.autoLockMinutes = form.autoLock
        settings.sortOrder = order
        // The interface language is the tab's own: empty for its browser's.
        if let interface = form.interface, !session.choose(interface, in: frontEnd.catalog) {
            let page = SettingsPage(session: session, in: frontEnd, form: settings, saved: false, error: "Choose one of the offered languages.")
            return Response.reply(await frontEnd.page("settings", page, status: 400))
        }
        if await settings.apply(to: session.service) != nil {
            return Response.reply(await frontEnd.page("settings", SettingsPage(session: session, in: frontEnd, form: settings, saved: false), status: 400))
        }
        var response = Response.redirect(to: "/settings?tab=\(session.id)&saved=1", type: .normal)
        // The interface language is the browser's: its other tabs and its new ones speak it too.
        if form.interface != nil { response.setCookie(LanguageCookie.cookie(for: session.chosenLanguage)) }
        return response
    }
    router.post("backups") { @MainActor request, context in
        let form = try await request.decodeForm(BackupForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        var backup = BackupSettingsViewState(session.appState.read { $0.backup })
        backup.isOn = form.enabled != nil
        backup.folder = form.folder ?? ""
        backup.kept = form.kept ?? ""
        backup.password = form.password ?? ""
        backup.confirmation = form.confirmation ?? ""
        let problem = await backup.apply(to: session.service)
        let settings = SettingsViewState(session.appState.read { $0.settings })
        return Response.reply(await frontEnd.page(
            "settings", SettingsPage(session: session, in: frontEnd, form: settings, saved: false, backup: problem == nil ? nil : backup),
            status: problem == nil ? 200 : 400))
    }
    router.post("passphrase") { @MainActor request, context in
        let form = try await request.decodeForm(PassphraseForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        let change = session.passphrase()
        change.current = form.current
        change.new = form.new
        change.confirmation = form.confirmation
        await OwnedTasks.waitForTasks { change.send(.submit) }
        let settings = SettingsViewState(session.appState.read { $0.settings })
        let done = change.isDone
        return Response.reply(await frontEnd.page(
            "settings", SettingsPage(session: session, in: frontEnd, form: settings, saved: false, passphrase: change), status: done ? 200 : 400))
    }
}
