import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One of the package's executables, started and not yet waited for: for
/// runs at once (two processes on one vault), and for killing one at a chosen moment.
///
/// Its output goes to files rather than pipes, so that a child writing much
/// cannot block. A watchdog kills it after ``CommandLine/timeLimit`` (or the limit given), so that
/// a blocked child cannot hang the test run; waiting never blocks a thread.
final class RunningCommand: @unchecked Sendable {
    // Sound: `ended` and `waiter` are only touched while `lock` is held; the
    // rest is set in `init` and never changed.
    private let lock = NSLock()
    private var ended = false
    private var waiter: CheckedContinuation<Void, Never>?
    private let process = Process()
    private let watchdog: DispatchWorkItem
    private let outputFile: URL
    private let errorsFile: URL
    private let timedOut = TimedOutFlag()
    let arguments: [String]

    /// Starts `executable arguments…` with `input` on standard input (empty without it).
    init(
        _ executable: URL, _ arguments: [String], input: String?, environment: [String: String], scratch: URL,
        timeLimit: TimeInterval = CommandLine.timeLimit
    ) throws {
        self.arguments = arguments
        process.executableURL = executable
        process.arguments = arguments
        // English unless the test asks for a language: the commands speak the environment's.
        let language = ["LC_ALL": "C.UTF-8", "LANGUAGE": ""]
        process.environment = ProcessInfo.processInfo.environment.merging(language.merging(environment) { $1 }) { $1 }
        let run = UUID().uuidString
        outputFile = scratch.appendingPathComponent("\(run).out")
        errorsFile = scratch.appendingPathComponent("\(run).err")
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
            let inputFile = scratch.appendingPathComponent("\(run).in")
            try Data(input.utf8).write(to: inputFile)
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let flag = timedOut, process = process
        watchdog = DispatchWorkItem {
            flag.set()
            _ = sendSignal(process.processIdentifier, SIGKILL)
        }
        process.terminationHandler = { [weak self] _ in
            guard let self else { return }
            let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                ended = true
                defer { self.waiter = nil }
                return self.waiter
            }
            waiter?.resume()
        }
        try process.run()
        // Cancelled when the run ends; it fires only at the deadline, on a child still running.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
    }

    /// The process's identifier.
    var pid: Int32 { process.processIdentifier }

    /// What it printed on standard output so far.
    var output: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }

    /// Sends `signal` (SIGKILL by default: no chance to clean up, as a crash or a power cut).
    func kill(_ signal: Int32 = SIGKILL) {
        guard !lock.withLock({ ended }) else { return }
        _ = sendSignal(pid, signal)
    }

    /// Waits for the end; throws ``CommandLine/TimedOut`` when the watchdog had to kill it.
    func wait() async throws -> CommandLine.Outcome {
        await withCheckedContinuation { continuation in
            let resumeNow = lock.withLock { () -> Bool in
                if ended { return true }
                waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        watchdog.cancel()
        if timedOut.isSet { throw CommandLine.TimedOut(arguments: arguments) }
        return CommandLine.Outcome(
            status: process.terminationStatus,
            killed: process.terminationReason == .uncaughtSignal,
            output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorsFile), as: UTF8.self))
    }

    /// Whether the watchdog fired.
    private final class TimedOutFlag: @unchecked Sendable {
        // Sound: `value` is only touched while `lock` is held.
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }
}

/// The system's `kill`, which ``RunningCommand/kill(_:)`` hides inside the class.
private func sendSignal(_ pid: Int32, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}
