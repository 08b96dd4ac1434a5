// expect: this form calls nothing when the export is cancelled
// An export through the iOS 14 `fileExporter`, which calls nothing when the
// person cancels: the export's bytes (every secret) would stay in memory.
import Foundation
import SwiftUI
import UniformTypeIdentifiers

struct ExportWithoutCancellationCanary: View {
    let document: ExportedText?
    @State private var isSaving = false

    var body: some View {
        Text("Export")
            .fileExporter(isPresented: $isSaving, document: document, contentType: .plainText) { _ in }
    }
}

struct ExportedText: FileDocument {
    static let readableContentTypes: [UTType] = [.plainText]
    let data: Data

    init(configuration: ReadConfiguration) throws {
        data = configuration.file.regularFileContents ?? Data()
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: data)
    }
}
