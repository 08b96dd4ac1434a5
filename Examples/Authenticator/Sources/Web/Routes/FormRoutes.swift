import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelWeb

/// The state-changing requests: all POSTs, all checked against the tab's
/// token, all but unlocking refused (redirected to unlock) while the vault is locked.
/// The handlers run on the main actor, with the view models they drive.
func addFormRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd) {
    router.post("unlock") { @MainActor request, context in
        let form = try await request.decodeForm(UnlockForm.self, context: context)
        let session = try frontEnd.sessions.authorize(form, browser: context.browser)
        return Response.reply(await frontEnd.unlock(
            session, passphrase: form.passphrase, confirmation: form.confirmation ?? "", key: form.known))
    }
    // A new tab of a browser the vault is open to, let in by the browser's
    // key its script kept (``BrowserLocks``): 204, or 401 for a key that opens nothing.
    router.post("unlock/resume") { @MainActor request, context in
        let form = try await request.decodeForm(ResumeForm.self, context: context)
        let session = try frontEnd.sessions.authorize(form, browser: context.browser)
        return Response(status: frontEnd.resume(session, key: form.key) ? .noContent : .unauthorized)
    }
    router.post("lock") { @MainActor request, context in
        let form = try await request.decodeForm(ButtonForm.self, context: context)
        let session = try frontEnd.sessions.authorize(form, browser: context.browser)
        // Only a tab the vault is open to closes it: a tab let into nothing
        // (a cookie replayed by another client) changes nothing.
        if frontEnd.isUnlocked(session) { await frontEnd.lock(session) }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/unlock?tab=\(session.id)", type: .normal)
    }
    router.post("copy") { @MainActor request, context in
        let form = try await request.decodeForm(AccountForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        await OwnedTasks.waitForTasks { session.list.send(.copy(AccountID(form.id))) }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    // Search and filter as the reader types or chooses (the page's script): the rows follow over the live connection.
    router.post("list") { @MainActor request, context in
        let form = try await request.decodeForm(ListForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        frontEnd.search(session, text: form.q, filter: form.filter)
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("favourite") { @MainActor request, context in
        let form = try await request.decodeForm(AccountForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        await OwnedTasks.waitForTasks { session.list.send(.favourite(AccountID(form.id), form.value == "true")) }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("notices/dismiss") { @MainActor request, context in
        let form = try await request.decodeForm(NoticeForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        // One already dismissed (in another tab) is no error: it is gone.
        if let notice = session.list.notices.first(where: { $0.id == form.notice }) { session.list.send(.dismissNotice(notice)) }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("sort") { @MainActor request, context in
        let form = try await request.decodeForm(SortForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        guard let order = AccountOrder(rawValue: form.order) else { throw PageError(.badRequest, message: "Unknown order.") }
        var settings = SettingsViewState(session.appState.read { $0.settings })
        settings.sortOrder = order
        if let problem = await settings.apply(to: session.service) { throw PageError(.badRequest, message: problem, language: frontEnd.wording(of: session).language) }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("add") { @MainActor request, context in
        let form = try await request.decodeForm(AddForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        return Response.reply(try await frontEnd.add(session, form))
    }
    router.post("add/link") { @MainActor request, context in
        let form = try await request.decodeForm(LinkForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        let adder = session.linkAdder()
        adder.link = form.uri
        await OwnedTasks.waitForTasks { adder.send(.add) }
        guard adder.added != nil else {
            return Response.reply(await frontEnd.page(
                "add", AddPage(session: session, in: frontEnd, form: AccountFormState(), linkMessage: adder.message.map { frontEnd.wording(of: session)($0) }),
                status: 400))
        }
        return Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
    router.post("import/preview") { @MainActor request, context in
        let upload = try await ImportUpload.read(request)
        let session = try frontEnd.unlockedSession(tab: upload.tab, token: upload.token, browser: context.browser)
        guard let format = ImportFormat(rawValue: upload.format) else { throw PageError(.badRequest, message: "Unknown format.") }
        let importer = session.importer()
        importer.format = format
        importer.password = upload.password
        await OwnedTasks.waitForTasks { importer.send(.previewFile(upload.data)) }
        // The password served its purpose: it is not kept.
        importer.password = ""
        return Response.reply(await frontEnd.page("import", ImportPage(session: session, in: frontEnd), status: importer.report == nil ? 400 : 200))
    }
    router.post("import/apply") { @MainActor request, context in
        let form = try await request.decodeForm(ApplyImportForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        let importer = session.importer()
        await OwnedTasks.waitForTasks {
            importer.send(.chooseAll(false))
            for index in Set(form.chosen ?? []) { importer.send(.toggle(index)) }
            importer.send(.apply)
        }
        return Response.reply(await frontEnd.page("import", ImportPage(session: session, in: frontEnd), status: importer.summary == nil ? 400 : 200))
    }
    router.post("import/reset") { @MainActor request, context in
        let form = try await request.decodeForm(ButtonForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        session.importer().send(.reset)
        return Response.redirect(to: "/import?tab=\(session.id)", type: .normal)
    }
    router.post("export") { @MainActor request, context in
        let form = try await request.decodeForm(ExportForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        return try await frontEnd.export(session, form)
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
