import ArgumentParser
import AuthenticatorApp
import AuthenticatorDomain
import Foundation

/// `authenticator import FILE`: adds the new accounts of another
/// authenticator's export, after printing what it holds.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import the accounts of an export (Aegis, 2FAS, Google, Bitwarden, andOTP, Proton Authenticator, FreeOTP+, otpauth links).")

    @Argument(help: "The file to import.")
    var file: String

    @Option(help: "The file's format (default: recognised from its contents): \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: String?

    @Option(help: "A file holding the export's password, for an encrypted export.")
    var passwordFile: String?

    @OptionGroup var options: VaultOptions

    func run() async throws {
        let data = try contents()
        let format = try chosenFormat(of: data)
        let vessel = try await options.unlockedVessel()
        var password = try passwordFile.map { try Secrets.read("Password of the file:", file: $0, kind: .importPassword) }
        let report: ImportReport
        do {
            report = try await vessel.previewImportAction(data, format, password)
        } catch .format(.passwordRequired) where password == nil {
            password = try Secrets.read("Password of the file:", file: nil, kind: .importPassword)
            do {
                report = try await vessel.previewImportAction(data, format, password)
            } catch {
                throw CommandFailure(error)
            }
        } catch {
            throw CommandFailure(error)
        }
        for note in report.notes { printError(note.message) }
        for reason in report.reasons { printError("Skipped \(reason).") }
        do {
            // All but the invalid: the summary counts those already in the vault and the repeats apart.
            let summary = try await vessel.applyImportAction(report.newAccounts + report.duplicates + report.repeated)
            say(summary.message)
            await reportBackup(of: vessel)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// The file's bytes, read up to one more than the import limit: a larger
    /// file is refused before it fills the memory.
    private func contents() throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: file) else { throw CommandFailure("Cannot read the file \(file).") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: ImportLimits.maximumFileSize + 1) ?? Data()
        } catch {
            throw CommandFailure("Cannot read the file \(file).")
        }
        guard data.count <= ImportLimits.maximumFileSize else {
            throw CommandFailure(ImportFizzle.tooLarge(maximumKB: ImportLimits.maximumFileSize / 1024))
        }
        return data
    }

    private func chosenFormat(of data: Data) throws -> ImportFormat {
        let names = ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        if let format {
            guard let chosen = ImportFormat(rawValue: format) else {
                throw CommandFailure("Unknown format “\(format)”: choose one of \(names).")
            }
            return chosen
        }
        guard let detected = ImportFormat.detect(data) else {
            if let name = ImportFormat.unsupportedFormat(of: data) {
                throw CommandFailure(ImportFizzle.unsupportedFormat(name: name))
            }
            throw CommandFailure(
                "Cannot tell the format of \(file): it is not an export this app reads, or it is damaged. Give its format with --format (one of \(names)).")
        }
        return detected
    }
}
