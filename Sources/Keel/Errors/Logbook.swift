import Foundation

/// Where developer errors go: the errors no person using the app can act on.
///
/// Workers record here what they do not turn into a ``Fizzle`` — a response
/// that does not decode, a database that cannot open — so that developers see
/// it and people do not. Plug in whatever sink the app uses (the console,
/// swift-log, a crash reporter); tests use an in-memory one to assert on what
/// was recorded.
public protocol Logbook: Sendable {
    /// Records one developer error.
    func record(_ entry: LogbookEntry)
}

/// One developer error recorded in a ``Logbook``.
public struct LogbookEntry: Sendable, CustomStringConvertible {
    /// The error, described for developers.
    public let error: String
    /// What the code was doing when the error happened.
    public let context: String
    /// Where the error was recorded.
    public let file: String
    /// The line where the error was recorded.
    public let line: Int

    /// Creates an entry.
    public init(error: any Error, context: String, file: String = #fileID, line: Int = #line) {
        self.error = String(describing: error)
        self.context = context
        self.file = file
        self.line = line
    }

    /// The entry on one line: context, error and place.
    public var description: String {
        "\(context): \(error) (\(file):\(line))"
    }
}

extension Logbook {
    /// Records `error` as a developer error with `context`.
    public func record(_ error: any Error, context: String, file: String = #fileID, line: Int = #line) {
        record(LogbookEntry(error: error, context: context, file: file, line: line))
    }
}

/// A logbook that writes each entry on one line to standard error.
public struct ConsoleLogbook: Logbook {
    /// A label that prefixes every line, such as the app's name.
    public let label: String

    /// Creates a logbook writing lines prefixed with `label`.
    public init(label: String = "keel") {
        self.label = label
    }

    /// Writes the entry to standard error, as ``line(for:)`` spells it.
    public func record(_ entry: LogbookEntry) {
        FileHandle.standardError.write(Data(line(for: entry).utf8))
    }

    /// The line written for `entry`: the label, the entry, a line break.
    public func line(for entry: LogbookEntry) -> String {
        "[\(label)] \(entry)\n"
    }
}

/// A logbook that drops every entry.
public struct SilentLogbook: Logbook {
    /// Creates a logbook that records nothing.
    public init() {}

    /// Drops the entry.
    public func record(_ entry: LogbookEntry) {}
}
