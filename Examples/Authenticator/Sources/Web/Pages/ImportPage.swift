import AuthenticatorDomain
import AuthenticatorPresentation
import Keel

/// The import page, from ``ImportViewModel``: the form, the preview with
/// each entry's status and reason, and the summary. The text pasted and the
/// password are never shown back.
struct ImportPage: FramedPage {
    struct Row: Sendable {
        let index: Int
        let location: String
        let label: String
        let status: String
        /// The status in the page's language.
        let statusLabel: String
        let reason: String?
        let choosable: Bool
        let chosen: Bool
    }

    let frame: PageFrame
    let formats: [Choice]
    let rows: [Row]
    let previewed: Bool
    let previewSummary: String?
    let error: String?
    let summary: String?
    /// "Or choose a file (at most 256 KB)", in the page's language.
    let fileLabel: String

    @MainActor
    init(session: AuthenticatorTab, in frontEnd: AuthenticatorFrontEnd) {
        let importer = session.importer()
        frame = PageFrame(session: session, in: frontEnd, title: "Import", page: "import")
        let words = frontEnd.wording(of: session)
        formats = importer.formats.map { Choice(value: $0.rawValue, title: words($0.title), selected: $0 == importer.format) }
        rows = importer.rows.map { row in
            let status: String
            switch row.status {
            case .new: status = "new"
            case .duplicate: status = "duplicate"
            case .repeated: status = "repeated"
            case .invalid: status = "invalid"
            }
            return Row(
                index: row.id, location: words(row.location), label: row.label, status: status,
                statusLabel: words(LocalizedText(key: status)), reason: row.reason.map { words($0) },
                choosable: row.status == .new, chosen: row.isChosen)
        }
        previewed = !rows.isEmpty
        previewSummary = importer.previewSummary.map { words($0) }
        error = importer.message.map { words($0) }
        summary = importer.summary.map { words($0.message) }
        fileLabel = words("Or choose a file (at most \(AuthenticatorLimits.maximumUpload / 1024) KB)")
    }
}
