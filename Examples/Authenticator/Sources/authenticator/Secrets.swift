import ArgumentParser
import AuthenticatorPresentation
import Foundation
import Keel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads passphrases, passwords and otpauth:// links: from a file for
/// scripts, or typed on the terminal without echo. Never from the command line or the
/// environment, where other users and shell histories could read them.
enum Secrets {
    /// Which secret a command reads, and the option that gives its file:
    /// the vault's passphrase is not an export's password, and a message
    /// must name the option that gives the one missing.
    struct Kind {
        /// The secret in a sentence ("passphrase").
        let name: LocalizedText
        /// The option that gives its file ("--passphrase-file").
        let option: String

        /// The vault's passphrase (`--passphrase-file`).
        static let passphrase = Kind(name: "passphrase", option: "--passphrase-file")
        /// A new passphrase for the vault (`--new-passphrase-file`).
        static let newPassphrase = Kind(name: "new passphrase", option: "--new-passphrase-file")
        /// The password of an encrypted file imported (`--password-file`).
        static let importPassword = Kind(name: "password for this encrypted file", option: "--password-file")
        /// The password of an encrypted export (`--password-file`).
        static let exportPassword = Kind(name: "password for the export", option: "--password-file")
    }

    /// The first line of `file`, or what is typed after `prompt` on the terminal.
    static func read(_ prompt: LocalizedText, file: String?, kind: Kind = .passphrase) throws -> String {
        if let file { return try firstLine(of: file, holding: kind.name) }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure("No \(kind.name): type it on a terminal, or give its file with \(kind.option) PATH.")
        }
        return try typed(prompt, what: kind.name)
    }

    /// A new passphrase or password: from `file`, or typed twice on the terminal.
    /// Returns it and its confirmation (the same from a file).
    static func readNew(_ prompt: LocalizedText, file: String?, kind: Kind = .newPassphrase) throws -> (String, String) {
        if let file {
            let passphrase = try firstLine(of: file, holding: kind.name)
            return (passphrase, passphrase)
        }
        let passphrase = try read(prompt, file: nil, kind: kind)
        let confirmation = try typed("Again, to confirm:", what: kind.name)
        return (passphrase, confirmation)
    }

    /// An otpauth:// link, which holds a secret: the first line of `file`
    /// (`-`: standard input), or of standard input when there is no file,
    /// pasted without echo on a terminal. Never from the command line.
    static func link(file: String?) throws -> String {
        if let file, file != "-" {
            guard !["otpauth:", "otpauth-migration:"].contains(where: file.lowercased().hasPrefix) else {
                throw CommandFailure(
                    "The link goes in a file or on standard input, not on the command line, where other users and the shell's history could read its secret: give its file, or paste it when asked.")
            }
            return try firstLine(of: file, holding: "otpauth:// link")
        }
        if isatty(STDIN_FILENO) == 1 { return try typed("otpauth:// link (not shown):", what: "otpauth:// link") }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CommandFailure("No link on standard input: its first line must be the otpauth:// link.")
        }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }

    private static func firstLine(of path: String, holding what: LocalizedText) throws -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("Cannot read the file \(path).")
        }
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let passphrase = line.hasSuffix("\r") ? String(line.dropLast()) : line
        guard !passphrase.isEmpty else { throw CommandFailure("The file \(path) is empty: its first line must be the \(what).") }
        return passphrase
    }

    /// A line typed on the terminal with echo turned off.
    private static func typed(_ prompt: LocalizedText, what: LocalizedText) throws -> String {
        FileHandle.standardError.write(Data((AuthenticatorStrings.environment.string(prompt) + " ").utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CommandFailure("No \(what) was typed.")
        }
        return line
    }
}
