import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Keel
import KeelSwiftUI
import SwiftUI
import UniformTypeIdentifiers

/// The export: choose a format; an encrypted Aegis vault needs a password
/// typed twice, a plain one an explicit confirmation. The file is written
/// through `fileExporter`, and its bytes are forgotten however the dialog
/// ends: saved or failed (`onCompletion`), or cancelled (`onCancellation`,
/// iOS 17: the older `fileExporter` calls nothing on a cancel, which left the
/// export in memory). When the sheet closes, the scene lets go of the view
/// model, and of anything it still held.
struct ExportScreen: View {
    let scene: AuthenticatorScene
    @Bindable private var model: ExportViewModel
    @State private var isSaving = false
    @State private var saved: LocalizedText?

    init(scene: AuthenticatorScene) {
        self.scene = scene
        model = scene.exporter()
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Picker("Format", selection: $model.format) {
                        ForEach(model.formats, id: \.self) { format in
                            Text(format.title, bundle: AuthenticatorStrings.bundle).tag(format)
                        }
                    }
                }
                if model.isEncrypted {
                    Section {
                        SecureField("Password", text: $model.password)
                        SecureField("Password again", text: $model.confirmation)
                    } footer: {
                        Text("Aegis and this app open the file with this password.")
                    }
                } else {
                    Section {
                        Toggle("Write every secret in clear", isOn: $model.confirmsPlain)
                    } footer: {
                        FieldMessage(message: nil, hint: model.plainWarning)
                    }
                }
                Section {
                    SecureField("Your vault's passphrase", text: $model.passphrase)
                } footer: {
                    Text("An export holds every secret: the vault's passphrase is asked again.")
                }
                Section {
                    Button("Export") { model.send(.export) }
                        .disabled(!model.canExport)
                } footer: {
                    FieldMessage(message: model.message, hint: saved)
                }
                if let omitted = model.export?.omitted, !omitted.isEmpty {
                    Section("Left out") {
                        ForEach(omitted, id: \.self) { omission in
                            LabeledContent(omission.account.label, value: omission.reason.resolved(bundle: AuthenticatorStrings.bundle))
                        }
                    }
                }
            }
            .navigationTitle("Export")
            .toolbar {
                Button("Done") { scene.dismissSheet() }
            }
            .onChange(of: model.export) { _, export in
                if export != nil { isSaving = true }
            }
            .fileExporter(
                isPresented: $isSaving, document: model.export.map(ExportDocument.init),
                contentTypes: [model.isEncrypted ? .json : .plainText], defaultFilename: model.fileName
            ) { result in
                if case .success(let url) = result { saved = "Saved as \(url.lastPathComponent)." }
                model.send(.clear)
            } onCancellation: {
                model.send(.clear)
            }
        }
    }
}

/// The bytes of an export as a document `fileExporter` writes: its pages
/// one after the other, a line each (one page but for Google's multi-page
/// export).
struct ExportDocument: FileDocument {
    static let readableContentTypes: [UTType] = [.json, .plainText]

    /// What the file holds.
    let data: Data

    /// The document of `export`.
    init(_ export: Export) {
        data = export.pages.count == 1 ? export.pages[0] : Data(export.pages.joined(separator: Data("\n".utf8)))
    }

    init(configuration: ReadConfiguration) throws {
        guard let data = configuration.file.regularFileContents else { throw CocoaError(.fileReadCorruptFile) }
        self.data = data
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: data)
    }
}

#if DEBUG
#Preview("Export") {
    RaftPreview(sheet: .export) { scene in
        ExportScreen(scene: scene)
    }
}
#endif
