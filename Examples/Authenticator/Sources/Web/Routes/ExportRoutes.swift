import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelWeb

/// The export screen's routes: its page, and the export sent as a download.
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
        exporter.format = format
        exporter.password = form.password ?? ""
        exporter.confirmation = form.confirmation ?? ""
        exporter.confirmsPlain = form.confirmsPlain != nil
        exporter.passphrase = form.passphrase ?? ""
        await OwnedTasks.waitForTasks { exporter.send(.export) }
        exporter.password = ""
        exporter.confirmation = ""
        exporter.confirmsPlain = false
        exporter.passphrase = ""
        guard let export = exporter.export else {
            return Response.reply(await frontEnd.page("export", ExportPage(session: session, in: frontEnd), status: 400))
        }
        let fileName = exporter.fileName
        exporter.send(.clear)
        var data = Data()
        for (index, page) in export.pages.enumerated() {
            if index > 0 { data.append(0x0A) }
            data.append(page)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: format == .aegis ? "application/json" : "text/plain; charset=utf-8",
                .contentDisposition: "attachment; filename=\"\(fileName)\"",
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
