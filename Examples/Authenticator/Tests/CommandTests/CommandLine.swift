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
        _ arguments: [String], named name: String = "authenticator", input: String? = nil, environment: [String: String] = [:]
    ) throws -> RunningCommand {
        try RunningCommand(Self.executable(named: name), arguments, input: input, environment: environment, scratch: directory)
    }

    /// Runs `authenticator arguments…` to its end without blocking a thread.
    func runAsync(_ arguments: [String], input: String? = nil) async throws -> Outcome {
        try await start(arguments, input: input).wait()
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
    /// a terminal; empty without it), killing it after ``timeLimit``: a
    /// blocked child cannot hang the test run (a test's time limit cannot
    /// interrupt a blocking wait).
    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Files rather than pipes: a child writing much to one stream cannot
        // block while the other is read.
        let run = UUID().uuidString
        let outputFile = directory.appendingPathComponent("\(run).out"), errorsFile = directory.appendingPathComponent("\(run).err")
        try Data().write(to: outputFile)
        try Data().write(to: errorsFile)
        let output = try FileHandle(forWritingTo: outputFile), errors = try FileHandle(forWritingTo: errorsFile)
        defer {
            try? output.close()
            try? errors.close()
        }
        process.standardOutput = output
        process.standardError = errors
        if let input {
            let inputFile = directory.appendingPathComponent("\(run).in")
            try Data(input.utf8).write(to: inputFile)
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let pid = process.processIdentifier
        // Cancelled when the run ends; it fires only at the deadline, on a
        // child still running (or, were it to end in the same instant, a
        // zombie not yet reaped or a pid not yet reused).
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeLimit, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
            throw TimedOut(arguments: arguments)
        }
        return Outcome(
            status: process.terminationStatus, output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorsFile), as: UTF8.self))
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }
}
