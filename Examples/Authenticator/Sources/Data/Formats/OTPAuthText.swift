import AuthenticatorDomain

/// A text of `otpauth://` URIs, one per line, as people paste or save them.
///
/// Blank lines and lines starting with `#` are ignored; every other line is a
/// row of the report, located by its 1-based line number. A line holding a
/// Google Authenticator export (`otpauth-migration://`) gives one row per
/// account it carries, all at that line, or one invalid row when it is damaged.
///
/// A text cut short ends in the middle of its last line: that line, when
/// the text does not end with a line break, is an invalid row
/// (``EntryFizzle/cutShort``) when it ends where a cut leaves a link (see
/// ``endsCutShort(_:)``), and a Google export there must carry its closing
/// fields. A whole link without a final line break reads as any other line.
public enum OTPAuthText {
    /// The report of `text` against the `existing` accounts.
    public static func read(_ text: String, existing: [Account]) -> ImportReport {
        var entries: [(location: ImportLocation, result: Result<Account, EntryFizzle>)] = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        // Without a final line break, the last line may be cut short.
        let endsOpen = !(text.last?.isNewline ?? true)
        for (index, line) in lines.enumerated() {
            let lineNumber = index + 1
            let mayBeCut = endsOpen && lineNumber == lines.count
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.lowercased().hasPrefix("otpauth-migration:") {
                do throws(ImportFizzle) {
                    let page = try GoogleMigration.readPage(String(trimmed))
                    // A page cut short loses its closing fields first.
                    guard page.isComplete || !mayBeCut else { throw .damaged(format: .googleMigration) }
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
            let result: Result<Account, EntryFizzle>
            do throws(EntryFizzle) {
                let account = try OTPAuthURI.read(String(trimmed))
                result = mayBeCut && endsCutShort(trimmed) ? .failure(.cutShort) : .success(account)
            } catch {
                result = .failure(mayBeCut && endsCutShort(trimmed) ? .cutShort : error)
            }
            entries.append((.line(lineNumber), result))
        }
        return ImportReport(entries: entries, existing: existing)
    }

    /// Whether `line` ends where cutting a link leaves it: a line starting
    /// as a link does (`otpauth`, or a beginning of it) that ends before its
    /// query (it has no `?`, so no secret), just after `?`, `&` or `=`,
    /// inside a parameter's name or a percent escape, or inside a secret that
    /// is its last parameter and whose Base32 is not whole (its bits left
    /// over are not zero, as no encoder writes them, or its length is impossible).
    ///
    /// A cut just after a whole parameter cannot be told from a whole link.
    static func endsCutShort(_ line: Substring) -> Bool {
        let start = line.prefix(7).lowercased()
        guard "otpauth".hasPrefix(start) else { return false }
        guard let queryStart = line.firstIndex(of: "?") else { return true }
        let query = line[line.index(after: queryStart)...]
        let last = query.split(separator: "&", omittingEmptySubsequences: false).last ?? ""
        guard let equals = last.firstIndex(of: "=") else { return true }
        let value = last[last.index(after: equals)...]
        if value.isEmpty || value.last == "%" || value.dropLast().last == "%" { return true }
        guard last[..<equals].lowercased() == "secret" else { return false }
        guard let secret = PercentEncoding.decode(value, plusIsSpace: true) else { return true }
        return isCutBase32(secret)
    }

    /// Whether `text`, of Base32's characters only, is not Base32 as an
    /// encoder writes it: its length is impossible, or the bits left over in
    /// its last character are not zero. A character Base32 does not use is
    /// no sign of a cut: the secret's own reason says it.
    private static func isCutBase32(_ text: String) -> Bool {
        let symbols = text.uppercased().filter { !" -\t=".contains($0) }
        guard symbols.allSatisfy({ "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".contains($0) }) else { return false }
        guard let bytes = try? Base32.decode(text) else { return true }
        return Base32.encode(bytes, padding: false) != symbols
    }

    /// What a list of no accounts holds: a comment, so that the file says
    /// what it is (an empty file could be anything, or a copy cut short).
    public static let emptyList = "# A list of otpauth links, holding no accounts.\n"  // not localized: a file's contents, read by other apps

    /// The text of `accounts`, one URI per line (``emptyList`` for none).
    public static func write(_ accounts: [Account]) -> String {
        accounts.isEmpty ? emptyList : accounts.map(OTPAuthURI.write).joined(separator: "\n") + "\n"
    }
}
