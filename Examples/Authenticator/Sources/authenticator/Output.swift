import AuthenticatorPresentation
import Foundation
import Keel

/// Writes `text` and a line break to standard output, in the language of the
/// environment (`LANG`…): the app's catalog, which its other front-ends read too.
func say(_ text: LocalizedText) {
    print(AuthenticatorStrings.environmentString(text))
}

/// Writes `text` and a line break to standard error, in the language of the environment.
func printError(_ text: LocalizedText) {
    FileHandle.standardError.write(Data((AuthenticatorStrings.environmentString(text) + "\n").utf8))
}
