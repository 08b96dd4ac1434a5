// What both scaffolding plugins share: checking names, reporting a refusal,
// writing the files once everything was checked. A plugin target cannot
// depend on another target, so each plugin's folder links this file.
import Foundation

/// A refusal: the message says what is wrong and how to fix it. Thrown
/// before anything is written, so a refused command changes nothing.
struct Refusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Swift's keywords, which cannot name a type or a function without backticks.
private let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "actor", "async", "some", "any",
    "package", "consume", "borrowing", "consuming", "Type", "Protocol",
]

/// Whether `name` can name a Swift type as written: ASCII letters and
/// digits, starting with a letter, not a keyword. (Underscores and other
/// scripts are Swift identifiers too, but they make poor package, module and
/// file names; the plugins keep to the safe part.)
func isPlainIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.isASCIILetter else { return false }
    return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) } && !keywords.contains(name)
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

/// `name` with its first letter upper-cased: `loadItems` → `LoadItems`.
func upperFirst(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

/// `name` with its first letter lower-cased: `LoadItems` → `loadItems`.
func lowerFirst(_ name: String) -> String { name.prefix(1).lowercased() + name.dropFirst() }

/// A file to write: where, and what.
struct PlannedFile {
    let url: URL
    let contents: String
}

/// Writes every file, making the folders they need. Called only once every
/// check passed; a failure here is the file system's (a sandbox that was not
/// granted the folder, a full disk), and the message says which file.
func write(_ files: [PlannedFile]) throws {
    for file in files {
        do {
            try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: file.url, atomically: true, encoding: .utf8)
        } catch {
            throw Refusal("""
                could not write \(file.url.path): \(error.localizedDescription)
                Where plugins run in a sandbox (macOS), grant the folder: swift package --allow-writing-to-directory FOLDER …
                """)
        }
    }
}

/// Whether a file or folder exists at `url`.
func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

/// The text of the file at `url`, or a refusal naming it.
func read(_ url: URL, what: String) throws -> String {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        throw Refusal("no \(what) at \(url.path)")
    }
    return text
}
