import AuthenticatorDomain
import Foundation
import Keel
import Observation

/// The import: paste a text or read a file, preview what it holds, choose,
/// apply in one transaction, and see a summary.
///
/// Shared state: ``text``, ``format`` and ``password`` (bind fields to them).
/// Nothing is saved before ``Action/apply``.
@MainActor
@Observable
public final class ImportViewModel: ViewModel, RedactedDescription {
    /// What the import screen can ask for.
    public enum Event: Sendable, Equatable {
        /// Preview the pasted ``text``.
        case previewText
        /// Preview a file's contents.
        case previewFile(Data)
        /// Choose a new row for the import, or not (by its index in the preview).
        case toggle(Int)
        /// Choose every new row, or none.
        case chooseAll(Bool)
        /// Add the chosen accounts.
        case apply
        /// Start again from an empty form.
        case reset
    }

    /// One entry of the preview, as the screen shows it.
    public struct PreviewRow: Equatable, Identifiable, Sendable {
        /// What importing it would do.
        public enum Status: Equatable, Sendable {
            /// A new account.
            case new
            /// Already in the vault.
            case duplicate
            /// The same account as an earlier entry of the import.
            case repeated
            /// Not an account, for ``PreviewRow/reason``.
            case invalid
        }

        /// Its index in the preview.
        public let id: Int
        /// Where it was found ("line 3").
        public let location: LocalizedText
        /// The account's label; empty for an invalid entry.
        public let label: String
        /// What importing it would do.
        public let status: Status
        /// Why it is not added: invalid, already in the vault, or a repeat.
        public let reason: LocalizedText?
        /// Whether it will be added.
        public let isChosen: Bool
    }

    /// The pasted text (otpauth links, a Google export link, or a file's JSON).
    public var text = ""
    /// The format of what is imported.
    public var format = ImportFormat.otpauthText
    /// The password of an encrypted file.
    public var password = ""

    /// What the import would do, once previewed.
    public private(set) var report: ImportReport?
    /// The indices of the rows chosen for the import.
    public private(set) var chosen: Set<Int> = []
    /// What applying did.
    public private(set) var summary: ImportSummary?
    /// Why the last step failed, if it did.
    public private(set) var message: LocalizedText?
    /// Whether a step is running.
    public private(set) var isWorking = false

    private let previewImport: PreviewImportUsecase
    private let applyImport: ApplyImportUsecase
    @ObservationIgnored private let tasks = OwnedTasks()

    /// Creates the import's view model from the container.
    /// `package`: an ``AuthenticatorScene`` makes it, once (a SwiftUI view must not).
    package init(_ service: any Serving) {
        previewImport = service.previewImportAction
        applyImport = service.applyImportAction
    }

    /// Handles an event from the screen.
    public func send(_ event: Event) {
        switch event {
        case .previewText:
            start { model in await model.preview(Data(model.text.utf8)) }
        case .previewFile(let data):
            start { model in await model.preview(data) }
        case .toggle(let index):
            guard let report, report.rows.indices.contains(index), case .new = report.rows[index].outcome else { return }
            if chosen.remove(index) == nil { chosen.insert(index) }
        case .chooseAll(let all):
            chosen = all ? newIndices : []
        case .apply:
            start { model in await model.apply() }
        case .reset:
            text = ""
            password = ""
            report = nil
            chosen = []
            summary = nil
            message = nil
        }
    }

    private func start(_ work: @escaping @MainActor (ImportViewModel) async -> Void) {
        guard !isWorking else { return }
        isWorking = true
        tasks.run("step") { @MainActor [weak self] in
            guard let self else { return }
            await work(self)
            isWorking = false
        }
    }

    private func preview(_ data: Data) async {
        summary = nil
        guard !data.isEmpty else {
            message = "Paste the exported text, or choose a file, first."
            return
        }
        do throws(VaultFizzle) {
            let report = try await previewImport(data, format, password.isEmpty ? nil : password)
            self.report = report
            chosen = newIndices
            message = report.rows.isEmpty ? "Nothing to import was found." : report.notes.first?.message
        } catch {
            report = nil
            chosen = []
            message = error.message
        }
    }

    private func apply() async {
        guard let report else { return }
        let accounts = report.rows.indices.sorted().compactMap { index -> Account? in
            guard chosen.contains(index), case .new(let account) = report.rows[index].outcome else { return nil }
            return account
        }
        guard !accounts.isEmpty else {
            message = "Choose at least one account to import."
            return
        }
        do throws(VaultFizzle) {
            summary = try await applyImport(accounts)
            self.report = nil
            chosen = []
            text = ""
            password = ""
            message = nil
        } catch {
            message = error.message
        }
    }

    private var newIndices: Set<Int> {
        guard let report else { return [] }
        return Set(report.rows.indices.filter { if case .new = report.rows[$0].outcome { true } else { false } })
    }

    // MARK: What the screen shows

    /// The formats to choose from.
    public var formats: [ImportFormat] { ImportFormat.allCases }

    /// The preview, row by row.
    public var rows: [PreviewRow] {
        guard let report else { return [] }
        return report.rows.enumerated().map { index, row in
            switch row.outcome {
            case .new(let account):
                PreviewRow(id: index, location: row.location.text, label: account.label, status: .new, reason: nil, isChosen: chosen.contains(index))
            case .duplicate(let account):
                PreviewRow(id: index, location: row.location.text, label: account.label, status: .duplicate, reason: "already in the vault", isChosen: false)
            case .repeated(let account, _):
                PreviewRow(id: index, location: row.location.text, label: account.label, status: .repeated, reason: row.repetition, isChosen: false)
            case .invalid(let fizzle):
                PreviewRow(id: index, location: row.location.text, label: "", status: .invalid, reason: fizzle.message, isChosen: false)
            }
        }
    }

    /// The preview in a sentence ("3 new, 1 already in the vault, 1 invalid";
    /// repeats within the import are named only when there are any).
    public var previewSummary: LocalizedText? {
        guard let report else { return nil }
        let repeated = report.repeated.count
        let invalid = report.rows.count - report.newAccounts.count - report.duplicates.count - repeated
        let new: LocalizedText = "\(report.newAccounts.count) new"
        let duplicates: LocalizedText = "\(report.duplicates.count) already in the vault"
        let invalids: LocalizedText = "\(invalid) invalid"
        guard repeated > 0 else { return "\(new), \(duplicates), \(invalids)" }
        let repeats: LocalizedText = "\(repeated) repeated in the import"
        return "\(new), \(duplicates), \(repeats), \(invalids)"
    }

    /// Whether the apply button can be pressed.
    public var canApply: Bool { !isWorking && report != nil && !chosen.isEmpty }
}
