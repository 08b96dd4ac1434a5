import ArgumentParser
import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorWeb
import Foundation
import Keel
import KeelTimeline
import KeelWeb
import Logging

/// `authenticator-web`: serves the Authenticator's web front-end.
///
/// `--phase device` serves the vault of the data directory; `--phase demo`
/// an in-memory vault with a few sample accounts whose secrets are made at
/// start, unlocked by a passphrase printed at start.
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authenticator-web",
        abstract: "Serves the Authenticator reference app of Keel on the web (two-factor codes: loopback only by default).")

    /// Where the vault lives.
    enum PhaseOption: String, ExpressibleByArgument, CaseIterable {
        case device, demo
    }

    @Option(help: "device (the vault in the data directory) or demo (in memory, with sample accounts).")
    var phase: PhaseOption = .device

    @Option(help: "Where the vault lives (default: a per-user data directory, XDG on Linux).")
    var dataDir: String?

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8081

    @Option(help: "The interface to listen on: 127.0.0.1 unless --allow-remote is given.")
    var host = "127.0.0.1"

    @Flag(help: "Allow listening on an interface other than loopback (codes then travel over plain HTTP).")
    var allowRemote = false

    @Option(help: "The server's log level (trace, debug, info, notice, warning, error, critical).")
    var logLevel: String = "notice"

    @Flag(help: "Keep the store's timeline (its last 500 updates; secrets redacted) and serve its viewer at /timeline, for development: loopback hosts only.")
    var timeline = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError(Self.words("The port must be between 0 and 65535.")) }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError(Self.words("Unknown log level \(logLevel).")) }
        guard allowRemote || Self.isLoopback(host) else {
            throw ValidationError(Self.words("\(host) is not a loopback address: this server shows two-factor codes, so it listens on 127.0.0.1 only unless --allow-remote is given."))
        }
        guard !timeline || Self.isLoopback(host) else {
            throw ValidationError(Self.words("--timeline shows and moves the app's state: it is served on a loopback host only (such as 127.0.0.1), not \(host)."))
        }
    }

    func run() async throws {
        if !Self.isLoopback(host) {
            Self.say("authenticator-web: warning: serving on \(host) over plain HTTP: anyone on the network path can read your codes.", to: .standardError)
        }
        let directory = dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Vessel.defaultDataDirectory()
        let vessel: Vessel
        do {
            switch phase {
            case .device:
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                vessel = try await Vessel(phase: .device, dataDirectory: directory, timeline: timeline ? 500 : nil)
                // Every page says it too; the console says it once, at start.
                for notice in vessel.appState.read({ $0.system.notices }) {
                    Self.say("authenticator-web: warning: \(notice.message)", to: .standardError)
                }
            case .demo:
                vessel = try await Vessel(phase: .mocked, dataDirectory: directory, timeline: timeline ? 500 : nil)
                let passphrase = try await DemoVault.fill(vessel)
                Self.say("Demo vault: unlock it with the passphrase \(passphrase)", to: .standardOutput)
            }
        } catch let fizzle as VaultFizzle {
            Self.say("authenticator-web: cannot start: \(fizzle.message) (data directory: \(directory.path))", to: .standardError)
            throw ExitCode.failure
        } catch {
            Self.say("authenticator-web: cannot start: the data directory \(directory.path) cannot be created.", to: .standardError)
            throw ExitCode.failure
        }
        let options = WebOptions(host: host, port: port, logLevel: Logger.Level(rawValue: logLevel) ?? .notice)
        let host = host
        let pages = timeline ? try await TimelinePages.load(viewer: { vessel.timelineViewer() }) : nil
        let application = try await buildWebApplication(service: vessel, options: options, timeline: pages) { port in
            // Unbuffered, so that a parent process waiting for this line sees it at once.
            Self.say("The Authenticator is served on \("http://\(host):\(port)")", to: .standardOutput)
            if let pages {
                // The address holds the viewer's key: only who started the server reads it.
                Self.say("Its timeline is at \("http://\(host):\(port)\(pages.address)")", to: .standardOutput)
            }
        }
        do {
            try await application.runService()
        } catch {
            let message = WebServer.failureMessage(error, host: host, port: port)
            Self.say("authenticator-web: cannot serve: \(message)", to: .standardError)
            throw ExitCode.failure
        }
        withExtendedLifetime(vessel) {}
    }

    /// `text` in the language of the environment (`LANG`…).
    static func words(_ text: LocalizedText) -> String {
        AuthenticatorStrings.environment.string(text)
    }

    /// Writes `text`, in the language of the environment, and a line break to
    /// `handle` at once (a parent process may be waiting for the line).
    static func say(_ text: LocalizedText, to handle: FileHandle) {
        handle.write(Data((words(text) + "\n").utf8))
    }

    /// Whether every address `host` resolves to is a loopback one.
    static func isLoopback(_ host: String) -> Bool {
        WebOptions.isLoopback(host)
    }
}
