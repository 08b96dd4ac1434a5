import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelWeb

/// The import screen's routes: its page, a preview of a file or text, the chosen entries applied, and a new start.
func addImportRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd) {
    router.get("import") { @MainActor request, context in
        let session = try frontEnd.unlockedSession(request.uri.queryParameters.get("tab"), browser: context.browser, page: "/import")
        frontEnd.voice(of: session, accepting: request.languages)
        return Response.reply(await frontEnd.page("import", ImportPage(session: session, in: frontEnd)))
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
}
