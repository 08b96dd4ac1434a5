import AuthenticatorDomain
import AuthenticatorPresentation

/// The export page, from ``ExportViewModel``: the chosen format's fields (a
/// password typed twice for an Aegis vault, the confirmation of a plain
/// file), the vault's passphrase, and once written the file to download,
/// with how many accounts it holds and which ones it left out.
struct ExportPage: FramedPage {
    /// An export written and not yet downloaded.
    struct Ready: Sendable {
        let summary: String
        let download: String
        let omitted: [Omission]
        /// Whether the format left accounts out.
        let leavesOut: Bool
    }

    /// An account the format cannot carry, and why.
    struct Omission: Sendable {
        let label: String
        let reason: String
    }

    let frame: PageFrame
    let formats: [Choice]
    /// The formats written without a password, for the fields that follow the menu.
    let plainFormats: String
    let error: String?
    let warning: String
    let ready: Ready?

    @MainActor
    init(session: AuthenticatorTab, in frontEnd: AuthenticatorFrontEnd, message: String? = nil) {
        let exporter = session.exporter()
        frame = PageFrame(session: session, in: frontEnd, title: "Export", page: "export", message: message)
        let words = frontEnd.wording(of: session)
        formats = exporter.formats.map { Choice(value: $0.rawValue, title: words($0.title), selected: $0 == exporter.format) }
        plainFormats = exporter.formats.filter { $0 != .aegis }.map(\.rawValue).joined(separator: " ")
        error = exporter.message.map { words($0) }
        warning = words("A plain file holds every secret in clear: anyone who reads it can make your codes.")
        ready = exporter.export.map { export in
            let count = export.count
            return Ready(
                summary: words(count == 1 ? "1 account written. Download the file to keep it." : "\(count) accounts written. Download the file to keep it."),
                download: words("Download \(exporter.fileName)"),
                omitted: export.omitted.map { Omission(label: $0.account.label, reason: words($0.reason)) },
                leavesOut: !export.omitted.isEmpty)
        }
    }
}
