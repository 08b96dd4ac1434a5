import AuthenticatorPresentation

/// The export page, from ``ExportViewModel``: an encrypted Aegis vault, or
/// a plain format after an explicit confirmation.
struct ExportPage: FramedPage {
    let frame: PageFrame
    let formats: [Choice]
    let error: String?
    let warning: String

    @MainActor
    init(session: AuthenticatorTab, in frontEnd: AuthenticatorFrontEnd) {
        let exporter = session.exporter()
        frame = PageFrame(session: session, in: frontEnd, title: "Export", page: "export")
        let words = frontEnd.wording(of: session)
        formats = exporter.formats.map { Choice(value: $0.rawValue, title: words($0.title), selected: $0 == exporter.format) }
        error = exporter.message.map { words($0) }
        warning = words("A plain file holds every secret in clear: anyone who reads it can make your codes.")
    }
}
