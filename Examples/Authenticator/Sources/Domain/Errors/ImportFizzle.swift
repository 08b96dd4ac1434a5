import Keel

/// Why a whole file or text cannot be imported or exported, or what a reader
/// noticed about it as a whole.
///
/// An import that throws one of these imports nothing: a damaged or
/// truncated file is reported, never half-imported.
public enum ImportFizzle: Fizzle {
    /// The file is encrypted and no password was given.
    case passwordRequired(format: ImportFormat)
    /// The password does not open the file.
    case wrongPassword(format: ImportFormat)
    /// The file is damaged, truncated or not of the format it claims.
    case damaged(format: ImportFormat)
    /// The file is of a version of the format this app does not read.
    case unsupportedVersion(format: ImportFormat, version: Int)
    /// A Google Authenticator export of several pages (QR codes) was read
    /// without some of them: the 1-based numbers of the missing pages.
    case missingPages([Int], of: Int)
    /// Pages of different Google Authenticator exports were mixed.
    case mixedBatches
    /// The file is encrypted in a way this app cannot open (the format's own
    /// password protection, which it does not read).
    case encryptionNotSupported(format: ImportFormat)
    /// The app reads this format but does not write it.
    case cannotWrite(format: ImportFormat)
    /// The export could not be encrypted or encoded.
    case exportFailed(format: ImportFormat)
    /// The file is larger than any export the app reads (``ImportLimits/maximumFileSize``, in KB).
    case tooLarge(maximumKB: Int)
    /// The file is an export of another app, whose format this app does
    /// not read (the app's own name for it, "Raivo OTP").
    case unsupportedFormat(name: String)

    /// What to tell the person importing.
    public var message: LocalizedText {
        switch self {
        case .passwordRequired(let format):
            "This \(format.title) is encrypted. Enter its password to import it."
        case .wrongPassword(let format):
            "The password does not open this \(format.title). Check it and try again."
        case .damaged(let format):
            "This \(format.title) is damaged or incomplete, so nothing was imported from it."
        case .unsupportedVersion(let format, let version):
            "This \(format.title) is of version \(version), which this app cannot read yet."
        case .missingPages(let pages, let total) where pages.count == 1:
            "Page \(pages[0]) of \(total) of this Google Authenticator export is missing: scan it too."
        case .missingPages(let pages, let total):
            "Pages \(Self.list(pages)) of \(total) of this Google Authenticator export are missing: scan them too."
        case .mixedBatches:
            "These QR codes come from different Google Authenticator exports. Scan the pages of one export at a time."
        case .encryptionNotSupported(let format):
            "This \(format.title) is protected by a password this app cannot use. Export it again without one."
        case .cannotWrite(let format):
            "This app cannot write a \(format.title). Choose another format."
        case .exportFailed(let format):
            "The \(format.title) could not be written. Try again."
        case .tooLarge(let maximum):
            "The file is too large to import (at most \(maximum) KB)."
        case .unsupportedFormat(let name):
            "This file looks like a \(name) export, a format this app does not read."
        }
    }

    /// The numbers as a sentence lists them ("2 and 4", "1, 2 and 4"): the
    /// first ten, and how many more there are.
    private static func list(_ numbers: [Int]) -> LocalizedText {
        let shown = numbers.prefix(10).map(String.init)
        if numbers.count > 10 { return "\(shown.joined(separator: ", ")) and \(numbers.count - 10) more" }
        guard shown.count > 1 else { return .verbatim(shown.joined()) }
        return "\(shown.dropLast().joined(separator: ", ")) and \(shown[shown.count - 1])"
    }
}
