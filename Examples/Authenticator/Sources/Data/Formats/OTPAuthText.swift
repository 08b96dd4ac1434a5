import AuthenticatorDomain

/// A text of `otpauth://` URIs, one per line, as people paste or save them.
///
/// Blank lines and lines starting with `#` are ignored; every other line is a
/// row of the report, located by its 1-based line number. A line holding a
/// Google Authenticator export (`otpauth-migration://`) gives one row per
/// account it carries, all at that line, or one invalid row when it is damaged.
public enum OTPAuthText {
    /// The report of `text` against the `existing` accounts.
    public static func read(_ text: String, existing: [Account]) -> ImportReport {
        var entries: [(location: ImportLocation, result: Result<Account, EntryFizzle>)] = []
        var lineNumber = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.lowercased().hasPrefix("otpauth-migration:") {
                do throws(ImportFizzle) {
                    let page = try GoogleMigration.readPage(String(trimmed))
                    for result in page.results {
                        entries.append((.line(lineNumber), result))
                    }
                } catch {
                    // One row for the line, not a note about the whole import: the
                    // other lines are still imported.
                    entries.append((.line(lineNumber), .failure(.damagedMigrationLink)))
                }
                continue
            }
            do throws(EntryFizzle) {
                entries.append((.line(lineNumber), .success(try OTPAuthURI.read(String(trimmed)))))
            } catch {
                entries.append((.line(lineNumber), .failure(error)))
            }
        }
        return ImportReport(entries: entries, existing: existing)
    }

    /// What a list of no accounts holds: a comment, so that the file says
    /// what it is (an empty file could be anything, or a copy cut short).
    public static let emptyList = "# A list of otpauth links, holding no accounts.\n"  // not localized: a file's contents, read by other apps

    /// The text of `accounts`, one URI per line (``emptyList`` for none).
    public static func write(_ accounts: [Account]) -> String {
        accounts.isEmpty ? emptyList : accounts.map(OTPAuthURI.write).joined(separator: "\n") + "\n"
    }
}
