import AuthenticatorDomain
import Foundation

extension Vessel {
    public var previewImportAction: PreviewImportUsecase { previewImport }

    func previewImport(_ data: Data, _ format: ImportFormat, _ password: String?) async throws(VaultFizzle) -> ImportReport {
        _ = try await unlockedKey()
        do {
            return try importer.read(data, as: format, password: password, existing: savedAccounts.map(\.account))
        } catch {
            throw .format(error)
        }
    }
}
