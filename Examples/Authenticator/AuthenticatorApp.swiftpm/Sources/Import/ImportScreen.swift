import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Keel
import KeelSwiftUI
import SwiftUI
import UniformTypeIdentifiers

/// The import: paste a text or choose a file, preview what it holds row by
/// row (new, already there, invalid with its reason), choose, apply in one
/// transaction, and read the summary. Nothing is saved before "Import". The
/// scene keeps the view model while the sheet is shown, and lets go of it
/// (and the text and password typed) when it closes.
struct ImportScreen: View {
    let scene: AuthenticatorScene
    @Bindable private var model: ImportViewModel
    @State private var isChoosingFile = false

    init(scene: AuthenticatorScene) {
        self.scene = scene
        model = scene.importer()
    }

    var body: some View {
        NavigationStack {
            Form {
                if let summary = model.summary {
                    Section {
                        Label {
                            Text(summary.message, bundle: AuthenticatorStrings.bundle)
                        } icon: {
                            Image(systemName: "checkmark.circle")
                        }
                        Button("Import more") { model.send(.reset) }
                    }
                } else {
                    source
                    if !model.rows.isEmpty {
                        Section {
                            ForEach(model.rows) { row in
                                ImportPreviewRowView(row: row, toggle: { model.send(.toggle(row.id)) })
                            }
                        } header: {
                            Text(model.previewSummary ?? "Preview", bundle: AuthenticatorStrings.bundle)
                        }
                        Section {
                            Button("Import the chosen accounts") { model.send(.apply) }
                                .disabled(!model.canApply)
                        }
                    }
                }
            }
            .navigationTitle("Import")
            .toolbar {
                if model.isWorking {
                    ProgressView()
                }
                Button("Done") { scene.dismissSheet() }
            }
            .fileImporter(isPresented: $isChoosingFile, allowedContentTypes: [.json, .plainText, .data]) { result in
                switch result {
                case .success(let url):
                    read(url)
                case .failure:
                    break
                }
            }
        }
    }

    private var source: some View {
        Section {
            Picker("Format", selection: $model.format) {
                ForEach(model.formats, id: \.self) { format in
                    Text(format.title, bundle: AuthenticatorStrings.bundle).tag(format)
                }
            }
            TextEditor(text: $model.text)
                .font(.footnote)
                .frame(minHeight: 120)
                .accessibilityLabel("Exported text")
            SecureField("Password of an encrypted file", text: $model.password)
            Button("Preview the text") { model.send(.previewText) }
            Button("Choose a file…") { isChoosingFile = true }
        } header: {
            Text("Paste the exported text, or choose a file")
        } footer: {
            FieldMessage(message: model.message)
        }
    }

    /// Reads the file chosen (a security-scoped URL outside the app's
    /// sandbox), guesses its format, and previews it.
    private func read(_ url: URL) {
        let isScoped = url.startAccessingSecurityScopedResource()
        defer { if isScoped { url.stopAccessingSecurityScopedResource() } }
        guard let data = try? Data(contentsOf: url) else {
            model.send(.previewFile(Data()))
            return
        }
        if let format = ImportFormat.detect(data) { model.format = format }
        model.send(.previewFile(data))
    }
}

/// One entry of the preview: where it was found, its account, what
/// importing it would do (or why it cannot), and whether it is chosen. A
/// show: a value and a closure in.
struct ImportPreviewRowView: View {
    let row: ImportViewModel.PreviewRow
    let toggle: () -> Void

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(row.label.isEmpty ? row.location : .verbatim(row.label), bundle: AuthenticatorStrings.bundle)
                    .font(.headline)
                Text(status, bundle: AuthenticatorStrings.bundle)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            if row.status == .new {
                Button(action: toggle) {
                    Image(systemName: row.isChosen ? "checkmark.circle.fill" : "circle")
                }
                .accessibilityLabel(row.isChosen ? Text("Chosen: \(row.label)") : Text("Not chosen: \(row.label)"))
            }
        }
    }

    /// Where the entry was found, and what importing it would do or why it cannot.
    private var status: LocalizedText {
        "\(row.location): \(row.reason ?? "new")"
    }
}

#if DEBUG
#Preview("Import") {
    RaftPreview(sheet: .importAccounts) { scene in
        ImportScreen(scene: scene)
    }
}

#Preview("Import, previewed") {
    RaftPreview(sheet: .importAccounts) { scene in
        let model = scene.importer()
        List {
            ForEach(model.rows) { row in
                ImportPreviewRowView(row: row, toggle: {})
            }
        }
        .task {
            model.text = "otpauth://totp/Example:ada?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Example\nnot a link"
            model.send(.previewText)
        }
    }
}
#endif
