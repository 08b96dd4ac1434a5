import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Keel

/// Writes `text` and a line break to standard output, in the language of the
/// environment (`LANG`…): the app's catalog, which its other front-ends read too.
func say(_ text: LocalizedText) {
    print(AuthenticatorStrings.environment.string(text))
}

/// Writes `text` and a line break to standard error, in the language of the environment.
func printError(_ text: LocalizedText) {
    FileHandle.standardError.write(Data((AuthenticatorStrings.environment.string(text) + "\n").utf8))
}

/// `text` as one column of a tab-separated line: its control characters (a
/// line break, a tab, an escape…) written as `\n`, `\t`, `\r` or
/// `\u{1B}`, so that no value read from a vault forges a row or a column.
/// Names and issuers with control characters are refused when they enter
/// (``Account/check()``); this is for a vault written before that.
func column(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: Account.isControl) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\t": escaped += "\\t"
        case "\n": escaped += "\\n"
        case "\r": escaped += "\\r"
        case _ where Account.isControl(scalar): escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped
}
