import AuthenticatorDomain
import Foundation
import Keel

/// The import and export worker: ``ImportWork`` and ``ExportWork`` over the
/// format gears.
///
/// What it records in the logbook names the format and the fizzle, never an
/// entry's content: no secret reaches a log line.
public struct FormatWorker: ImportWork, ExportWork {
    private let logbook: any Logbook
    private let aegisCost: AegisVault.ScryptCost
    private let batchID: @Sendable () -> Int32

    /// Creates the worker.
    ///
    /// - Parameters:
    ///   - logbook: where failed imports and exports are recorded.
    ///   - aegisCost: scrypt's cost for the Aegis vaults it writes (Aegis' own by default).
    ///   - batchID: the identifier of each Google Authenticator export (random by default).
    public init(
        logbook: any Logbook, aegisCost: AegisVault.ScryptCost = .aegis,
        batchID: @escaping @Sendable () -> Int32 = { Int32.random(in: 1...Int32.max) }
    ) {
        self.logbook = logbook
        self.aegisCost = aegisCost
        self.batchID = batchID
    }

    /// Reads `data` as `format` and classifies its entries against `existing`.
    public func read(_ data: Data, as format: ImportFormat, password: String?, existing: [Account])
        throws(ImportFizzle) -> ImportReport
    {
        do throws(ImportFizzle) {
            switch format {
            case .otpauthText:
                return OTPAuthText.read(try text(data, format: format), existing: existing)
            case .googleMigration:
                let lines = try text(data, format: format)
                    .split(whereSeparator: \.isNewline)
                    .map { String($0.trimmingWhitespace()) }
                    .filter { !$0.isEmpty && !$0.hasPrefix("#") }
                guard !lines.isEmpty else { throw ImportFizzle.damaged(format: format) }
                return try GoogleMigration.read(lines, existing: existing)
            case .aegis:
                return try AegisVault.read(data, password: password, existing: existing)
            case .twoFAS:
                return try TwoFASBackup.read(data, password: password, existing: existing)
            case .bitwarden:
                return try BitwardenExport.read(data, existing: existing)
            case .andOTP:
                return try AndOTPBackup.read(data, existing: existing)
            }
        } catch {
            logbook.record(error, context: "Import failed: \(format.title), \(data.count) bytes")
            throw error
        }
    }

    /// Writes `accounts` as `format`; an Aegis vault needs `password`.
    public func write(_ accounts: [Account], as format: ImportFormat, password: String?) throws(ImportFizzle) -> Export {
        do throws(ImportFizzle) {
            switch format {
            case .otpauthText:
                return Export(pages: [Data(OTPAuthText.write(accounts).utf8)])
            case .googleMigration:
                return GoogleMigration.write(accounts, batchID: batchID())
            case .aegis:
                guard let password else { throw ImportFizzle.passwordRequired(format: format) }
                return Export(pages: [try AegisVault.write(accounts, password: password, cost: aegisCost)])
            case .twoFAS, .bitwarden, .andOTP:
                throw ImportFizzle.cannotWrite(format: format)
            }
        } catch {
            logbook.record(error, context: "Export failed: \(format.title), \(accounts.count) accounts")
            throw error
        }
    }

    private func text(_ data: Data, format: ImportFormat) throws(ImportFizzle) -> String {
        guard let text = String(data: data, encoding: .utf8) else { throw .damaged(format: format) }
        return text
    }
}
