import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelWeb

/// The export screen's routes: its page, the form that writes the export
/// (then the page offers the file, and what was typed is gone), and the
/// download, once, as the app's file exporter saves it once.
func addExportRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd) {
    router.get("export") { @MainActor request, context in
        let session = try frontEnd.unlockedSession(request.uri.queryParameters.get("tab"), browser: context.browser, page: "/export")
        frontEnd.voice(of: session, accepting: request.languages)
        return Response.reply(await frontEnd.page("export", ExportPage(session: session, in: frontEnd)))
    }
    router.post("export") { @MainActor request, context in
        let form = try await request.decodeForm(ExportForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        guard let format = ImportFormat(rawValue: form.format) else { throw PageError(.badRequest, message: "Unknown format.") }
        let exporter = session.exporter()
        exporter.send(.clear)
        exporter.format = format
        exporter.password = form.password ?? ""
        exporter.confirmation = form.confirmation ?? ""
        exporter.confirmsPlain = form.confirmsPlain != nil
        exporter.passphrase = form.passphrase ?? ""
        await OwnedTasks.waitForTasks { exporter.send(.export) }
        // Whatever happened, what was typed is not kept, nor shown back.
        exporter.password = ""
        exporter.confirmation = ""
        exporter.confirmsPlain = false
        exporter.passphrase = ""
        guard exporter.export != nil else {
            return Response.reply(await frontEnd.page("export", ExportPage(session: session, in: frontEnd), status: 400))
        }
        // The page offers the file (a reload does not export again).
        return Response.redirect(to: "/export?tab=\(session.id)", type: .normal)
    }
    router.post("export/download") { @MainActor request, context in
        let form = try await request.decodeForm(ButtonForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        let exporter = session.exporter()
        guard let export = exporter.export else {
            let words = frontEnd.wording(of: session)
            let page = ExportPage(session: session, in: frontEnd, message: words("Nothing to download now: the file is offered once. Export again for another copy."))
            return Response.reply(await frontEnd.page("export", page, status: 409))
        }
        let fileName = exporter.fileName
        // Offered once: the secrets it holds leave the tab's memory with it.
        exporter.send(.clear)
        var data = Data()
        for (index, page) in export.pages.enumerated() {
            if index > 0 { data.append(0x0A) }
            data.append(page)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: exporter.format == .aegis ? "application/json" : "text/plain; charset=utf-8",
                .contentDisposition: "attachment; filename=\"\(fileName)\"",
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
