import Foundation

/// Runs the built `authenticator` executable, as a person or a script would.
struct CommandLine {
    /// What a run printed, and how it ended.
    struct Outcome {
        let status: Int32
        /// Whether a signal ended it (it was killed).
        var killed = false
        let output: String
        let errors: String
    }

    /// The data directory of the runs, removed by ``removeAll()``.
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("authenticator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The executable, beside the test bundle.
    static var executable: URL { executable(named: "authenticator") }

    /// The package's executable `name`, beside the test bundle.
    static func executable(named name: String) -> URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent(name)
    }

    /// Starts `authenticator arguments…` (or the executable `named`) without
    /// waiting for it: for runs at once, and for killing one at a chosen moment.
    func start(
        _ arguments: [String], named name: String = "authenticator", input: String? = nil, environment: [String: String] = [:],
        timeLimit: TimeInterval = timeLimit
    ) throws -> RunningCommand {
        try RunningCommand(
            Self.executable(named: name), arguments, input: input, environment: environment, scratch: directory, timeLimit: timeLimit)
    }

    /// A file in the directory holding `text`.
    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// How long one run may take before it is killed and the test fails.
    static let timeLimit: TimeInterval = 60

    /// A run that did not finish within ``timeLimit`` (killed).
    struct TimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        var description: String { "authenticator \(arguments.first ?? "") did not finish within \(Int(CommandLine.timeLimit)) s" }
    }

    /// Runs `authenticator arguments…` with `input` on standard input (never
    /// a terminal; empty without it) to its end, killing it after ``timeLimit``:
    /// a blocked child cannot hang the test run. Waiting never blocks a thread
    /// (a test blocking the cooperative pool would stall every other test).
    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) async throws -> Outcome {
        try await start(arguments, input: input, environment: environment).wait()
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }
}
