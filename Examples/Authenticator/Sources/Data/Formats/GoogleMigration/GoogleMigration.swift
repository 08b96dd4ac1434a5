import AuthenticatorDomain
import Foundation
import Keel
import SwiftProtobuf

/// Google Authenticator's export: `otpauth-migration://offline?data=…`, one
/// URI per QR code, each a Base64 protobuf `MigrationPayload` (see
/// `migration.proto`) of at most 10 accounts.
///
/// The format has no period, only 6 or 8 digits, and no Steam: an export
/// leaves out the accounts it cannot carry and lists them, instead of
/// changing them to fit.
public enum GoogleMigration {
    /// The most accounts one page (one QR code) carries.
    public static let accountsPerPage = 10

    /// The most pages an export may claim to have: far more than any real
    /// export (Google's hold 10 accounts a page), few enough to list the
    /// missing ones quickly. A payload claiming more is damaged.
    public static let maximumPages = 10_000

    /// One page of an export, read.
    public struct Page: Sendable {
        /// The page's 0-based index in its export.
        public let index: Int
        /// How many pages the export has.
        public let count: Int
        /// The export's identifier, shared by its pages.
        public let batchID: Int32
        /// Each account of the page, or why it cannot be one.
        public let results: [Result<Account, EntryFizzle>]
        /// Whether the page carries the fields Google writes after its
        /// accounts (version, batch size and identifier). A page cut short
        /// loses them first, and then reads as page 1 of 1 of batch 0.
        public let isComplete: Bool
    }

    /// Reads one page from its URI.
    ///
    /// Throws ``ImportFizzle/damaged(format:)`` when the URI is not an
    /// `otpauth-migration://offline` link or its payload does not decode.
    public static func readPage(_ uri: String) throws(ImportFizzle) -> Page {
        let damaged = ImportFizzle.damaged(format: .googleMigration)
        let text = uri.trimmingWhitespace()
        guard let queryStart = text.firstIndex(of: "?"),
            text[..<queryStart].lowercased() == "otpauth-migration://offline"
        else { throw damaged }
        var encoded: String?
        for pair in text[text.index(after: queryStart)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == "data", parts.count == 2 {
                encoded = PercentEncoding.decode(parts[1], plusIsSpace: false)
            }
        }
        guard var base64 = encoded?.replacingOccurrences(of: " ", with: "+") else { throw damaged }
        base64 = base64.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        guard let data = Data(base64Encoded: base64), !data.isEmpty else { throw damaged }
        let payload: MigrationPayload
        do {
            payload = try MigrationPayload(serializedBytes: data)
        } catch {
            throw damaged
        }
        let count = max(Int(payload.batchSize), 1)
        let index = Int(payload.batchIndex)
        guard count <= maximumPages, index >= 0, index < count else { throw damaged }
        return Page(
            index: index, count: count, batchID: payload.batchID, results: payload.otpParameters.map(account),
            isComplete: payload.version > 0 && payload.batchSize > 0 && payload.batchID != 0)
    }

    /// Reads the pages of one export, in any order, and classifies their
    /// accounts against `existing`; or several complete one-page exports.
    ///
    /// Missing pages are a note of the report (``ImportFizzle/missingPages(_:of:)``);
    /// a page read twice counts once. Pages of different exports throw
    /// ``ImportFizzle/mixedBatches``; when the pages disagree because one
    /// of them lacks its closing fields (it was cut short), the export is
    /// ``ImportFizzle/damaged(format:)`` instead.
    ///
    /// Complete exports of one page each (a batch of size 1 with its
    /// closing fields, as Google writes an export of up to 10 accounts) are
    /// whole on their own: a file of several of them, with different batch
    /// identifiers, imports each, the `n`th export read as page `n`.
    public static func read(_ uris: [String], existing: [Account]) throws(ImportFizzle) -> ImportReport {
        var read: [Page] = []
        for uri in uris {
            read.append(try readPage(uri))
        }
        if read.count > 1, read.allSatisfy({ $0.count == 1 && $0.isComplete }) {
            return onePageExports(read, existing: existing)
        }
        var pages: [Int: Page] = [:]
        var batch: (id: Int32, count: Int)?
        var sawIncomplete = false
        for page in read {
            sawIncomplete = sawIncomplete || !page.isComplete
            if let batch, batch.id != page.batchID || batch.count != page.count {
                throw sawIncomplete ? .damaged(format: .googleMigration) : .mixedBatches
            }
            batch = (page.batchID, page.count)
            pages[page.index] = page
        }
        var entries: [(location: ImportLocation, result: Result<Account, EntryFizzle>)] = []
        for index in pages.keys.sorted() {
            for (offset, result) in pages[index]!.results.enumerated() {
                entries.append((.page(index + 1, entry: offset + 1), result))
            }
        }
        var notes: [ImportFizzle] = []
        if let batch {
            let missing = (0..<batch.count).filter { pages[$0] == nil }.map { $0 + 1 }
            if !missing.isEmpty { notes.append(.missingPages(missing, of: batch.count)) }
        }
        return ImportReport(entries: entries, existing: existing, notes: notes)
    }

    /// The accounts of complete one-page exports, each export once (by its
    /// identifier), in the order read.
    private static func onePageExports(_ pages: [Page], existing: [Account]) -> ImportReport {
        var seen: Set<Int32> = []
        var entries: [(location: ImportLocation, result: Result<Account, EntryFizzle>)] = []
        for page in pages where seen.insert(page.batchID).inserted {
            for (offset, result) in page.results.enumerated() {
                entries.append((.page(seen.count, entry: offset + 1), result))
            }
        }
        return ImportReport(entries: entries, existing: existing)
    }

    private static func account(_ entry: MigrationPayload.OtpParameters) -> Result<Account, EntryFizzle> {
        do throws(EntryFizzle) {
            guard !entry.secret.isEmpty else { throw .missingSecret }
            let algorithm: OTPAlgorithm
            switch entry.algorithm {
            case .unspecified, .sha1: algorithm = .sha1
            case .sha256: algorithm = .sha256
            case .sha512: algorithm = .sha512
            case .md5, .UNRECOGNIZED: throw .unsupportedAlgorithm
            }
            let digits: Int
            switch entry.digits {
            case .unspecified, .six: digits = 6
            case .eight: digits = 8
            case .UNRECOGNIZED(let value): throw .unsupportedDigits(value)
            }
            let parameters: OTPParameters
            switch entry.type {
            case .unspecified, .totp:
                parameters = try OTPParameters(kind: .totp, algorithm: algorithm, digits: digits)
            case .hotp:
                guard entry.counter >= 0 else { throw .notANumber(field: "counter") }
                parameters = try OTPParameters(
                    kind: .hotp, algorithm: algorithm, digits: digits, counter: UInt64(entry.counter))
            case .UNRECOGNIZED: throw .unsupportedKind
            }
            // Google writes the name as "Issuer:account" (as in the otpauth label): the
            // issuer's prefix is dropped, with the spaces after it. Compared as bytes,
            // so that what the writer protects (see `entry`) reads back exactly.
            var name = entry.name
            let prefix = Array((entry.issuer + ":").utf8)
            if !entry.issuer.isEmpty, name.utf8.starts(with: prefix) {
                name = String(String(decoding: name.utf8.dropFirst(prefix.count), as: UTF8.self).drop { $0 == " " })
            }
            return .success(Account(
                issuer: entry.issuer, name: name, secret: Secret(bytes: Array(entry.secret)), parameters: parameters))
        } catch {
            return .failure(error)
        }
    }

    /// Why the format cannot carry `account`, or `nil` when it can.
    public static func omissionReason(_ account: Account) -> LocalizedText? {
        let parameters = account.parameters
        switch parameters.kind {
        case .steam: return "Google Authenticator has no Steam codes"
        case .hotp where parameters.counter > UInt64(Int64.max):
            return "Google Authenticator cannot store a counter this large"
        case .totp where parameters.period != 30:
            return "Google Authenticator only makes codes that change every 30 seconds"
        case .totp, .hotp: break
        }
        if parameters.digits == 7 { return "Google Authenticator only makes codes of 6 or 8 digits" }
        return nil
    }

    /// Writes `accounts` as the pages of one export with the identifier
    /// `batchID`, at most ``accountsPerPage`` accounts a page (one empty page
    /// for none); each page of the export is the UTF-8 of one URI.
    ///
    /// Accounts the format cannot carry are in the export's `omitted`.
    public static func write(_ accounts: [Account], batchID: Int32) -> Export {
        var carried: [Account] = []
        var omitted: [ExportOmission] = []
        for account in accounts {
            if let reason = omissionReason(account) {
                omitted.append(ExportOmission(account: account, reason: reason))
            } else {
                carried.append(account)
            }
        }
        var chunks = stride(from: 0, to: carried.count, by: accountsPerPage).map {
            Array(carried[$0..<min($0 + accountsPerPage, carried.count)])
        }
        // No account is one empty page, not no page: the export still reads back (as nothing).
        if chunks.isEmpty { chunks = [[]] }
        let pages = chunks.enumerated().map { index, chunk in
            var payload = MigrationPayload()
            payload.version = 1
            payload.batchSize = Int32(chunks.count)
            payload.batchIndex = Int32(index)
            payload.batchID = batchID
            payload.otpParameters = chunk.map(entry)
            // Serializing a message built in memory cannot fail: it has no required fields.
            let bytes: [UInt8] = (try? payload.serializedBytes()) ?? []
            let base64 = Data(bytes).base64EncodedString()
            return Data(("otpauth-migration://offline?data=" + PercentEncoding.encode(base64)).utf8)
        }
        return Export(pages: pages, count: carried.count, omitted: omitted)
    }

    private static func entry(_ account: Account) -> MigrationPayload.OtpParameters {
        var entry = MigrationPayload.OtpParameters()
        entry.secret = Data(account.secret.bytes)
        // A name that itself starts with "Issuer:" keeps it: the reader drops one such prefix.
        let prefix = account.issuer + ":"
        entry.name = !account.issuer.isEmpty && account.name.utf8.starts(with: prefix.utf8)
            ? prefix + account.name : account.name
        entry.issuer = account.issuer
        switch account.parameters.algorithm {
        case .sha1: entry.algorithm = .sha1
        case .sha256: entry.algorithm = .sha256
        case .sha512: entry.algorithm = .sha512
        }
        entry.digits = account.parameters.digits == 8 ? .eight : .six
        if account.parameters.kind == .hotp {
            entry.type = .hotp
            entry.counter = Int64(account.parameters.counter)
        } else {
            entry.type = .totp
        }
        return entry
    }
}
