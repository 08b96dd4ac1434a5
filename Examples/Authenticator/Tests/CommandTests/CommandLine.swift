import Foundation

/// Runs the built `authenticator` executable, as a person or a script would.
struct CommandLine {
    /// What a run printed, and how it ended.
    struct Outcome {
        let status: Int32
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
    static var executable: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("authenticator")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("authenticator")
    }

    /// A file in the directory holding `text`.
    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Runs `authenticator arguments…` with standard input closed (never a terminal).
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so that a full pipe cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }
}
