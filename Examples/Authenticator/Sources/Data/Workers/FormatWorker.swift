import AuthenticatorDomain
import Foundation
import Keel

/// The import and export worker: ``ImportWork`` and ``ExportWork`` over the
/// format gears.
///
/// A file that cannot be read (damaged, of another format, a wrong
/// password) is the person's to act on: its fizzle goes to them, and is not
/// a developer error. Only an export that fails to encode is recorded in the
/// logbook, by format and count, never an entry's content: no secret reaches a log line.
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

    /// Reads one `otpauth://` link into the account it describes, checked
    /// as an imported entry is (``Account/check()``).
    public func readLink(_ link: String) throws(EntryFizzle) -> Account {
        let account = try OTPAuthURI.read(link)
        try account.check()
        return account
    }

    /// Reads `data` as `format` and classifies its entries against `existing`.
    ///
    /// Data over ``ImportLimits/maximumFileSize`` is refused before it is
    /// read (``ImportFizzle/tooLarge(maximumKB:)``), whatever its format.
    public func read(_ data: Data, as format: ImportFormat, password: String?, existing: [Account])
        throws(ImportFizzle) -> ImportReport
    {
        guard data.count <= ImportLimits.maximumFileSize else {
            throw .tooLarge(maximumKB: ImportLimits.maximumFileSize / 1024)
        }
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
        case .protonAuthenticator:
            return try ProtonAuthenticatorExport.read(data, existing: existing)
        case .freeOTPPlus:
            return try FreeOTPPlusExport.read(data, existing: existing)
        }
    }

    /// Writes `accounts` as `format`: an Aegis vault encrypted with
    /// `password`, or plain without one (the usecase asks for a plain
    /// export to be confirmed).
    public func write(_ accounts: [Account], as format: ImportFormat, password: String?) throws(ImportFizzle) -> Export {
        do throws(ImportFizzle) {
            switch format {
            case .otpauthText:
                return Export(pages: [Data(OTPAuthText.write(accounts).utf8)], count: accounts.count)
            case .googleMigration:
                return GoogleMigration.write(accounts, batchID: batchID())
            case .aegis:
                var carried: [Account] = []
                var omitted: [ExportOmission] = []
                for account in accounts {
                    if let reason = AegisVault.omissionReason(account) {
                        omitted.append(ExportOmission(account: account, reason: reason))
                    } else {
                        carried.append(account)
                    }
                }
                let vault = try AegisVault.write(carried, password: password, cost: aegisCost)
                return Export(pages: [vault], count: carried.count, omitted: omitted)
            case .twoFAS, .bitwarden, .andOTP, .protonAuthenticator, .freeOTPPlus:
                throw ImportFizzle.cannotWrite(format: format)
            }
        } catch .exportFailed(let format) {
            // Nothing the person did: the encoder or the cipher failed.
            logbook.record(ImportFizzle.exportFailed(format: format), context: "Export failed: \(format.title), \(accounts.count) accounts")
            throw .exportFailed(format: format)
        }
    }

    private func text(_ data: Data, format: ImportFormat) throws(ImportFizzle) -> String {
        guard let text = String(data: data, encoding: .utf8) else { throw .damaged(format: format) }
        return text
    }
}
