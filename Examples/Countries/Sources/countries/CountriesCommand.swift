import ArgumentParser
import CountriesApp
import CountriesDomain
import CountriesPresentation
import CountriesWeb
import Foundation
import Keel
import KeelTimeline
import KeelHTTPClient
import KeelWeb
import Logging

/// `countries`: serves the Countries reference app's web front-end.
///
/// Started with no flags it serves on http://127.0.0.1:8080 from its own
/// database, seeded from the snapshot shipped with the app: offline.
@main
struct CountriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "countries",
        abstract: "Serves the Countries reference app of Keel on the web.")

    /// Where the countries come from.
    enum PhaseOption: String, ExpressibleByArgument, CaseIterable {
        case bundled, live, mocked
    }

    @Option(help: "The interface to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "Where the database lives (default: a per-user data directory, XDG on Linux).")
    var dataDir: String?

    @Option(help: "Where the countries come from: bundled (offline snapshot), live (the restcountries API) or mocked (in memory).")
    var phase: PhaseOption = .bundled

    @Option(help: "The base URL of the live API.")
    var apiBaseURL = "https://restcountries.com/v3.1"

    @Option(help: "The server's log level (trace, debug, info, notice, warning, error, critical).")
    var logLevel: String = "notice"

    @Option(help: "How many seconds a browser tab's session lives without a request or a live connection.")
    var sessionLifetime = 30 * 60

    @Flag(help: "Keep the store's timeline (its last 500 updates) and serve its viewer at /timeline, for development: loopback hosts only.")
    var timeline = false

    @Flag(help: "Allow listening on an interface other than loopback.")
    var allowRemote = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError(CountriesStrings.environment.string("The port must be between 0 and 65535.")) }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError(CountriesStrings.environment.string("Unknown log level \(logLevel).")) }
        guard sessionLifetime > 0 else { throw ValidationError(CountriesStrings.environment.string("The session lifetime must be at least one second.")) }
        guard let url = URL(string: apiBaseURL), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil
        else { throw ValidationError(CountriesStrings.environment.string("The API base URL must be an http or https URL: \(apiBaseURL)")) }
        guard allowRemote || Self.isLoopback(host) else {
            throw ValidationError(CountriesStrings.environment.string("\(host) is not a loopback address: this server listens on 127.0.0.1 only unless --allow-remote is given."))
        }
        guard !timeline || Self.isLoopback(host) else {
            throw ValidationError(CountriesStrings.environment.string("--timeline shows and moves the app's state: it is served on a loopback host only (such as 127.0.0.1), not \(host)."))
        }
    }

    /// Whether every address `host` resolves to is a loopback one.
    static func isLoopback(_ host: String) -> Bool {
        WebOptions.isLoopback(host)
    }

    func run() async throws {
        let directory = dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Vessel.defaultDataDirectory()
        let selectedPhase: Phase
        switch phase {
        case .bundled: selectedPhase = .bundled
        case .mocked: selectedPhase = .mocked
        case .live:
            guard let url = URL(string: apiBaseURL) else { throw ValidationError(CountriesStrings.environment.string("Invalid API base URL.")) }
            selectedPhase = .live(baseURL: url)
        }

        if selectedPhase != .mocked {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw Self.cannotStart("the data directory \(directory.path) cannot be created: \(Self.reason(creating: directory, error: error))")
            }
        }
        let vessel: Vessel
        do {
            // A server's pages cancel loads all day: AsyncHTTPClient, not
            // Linux's URLSession, which can deadlock or crash when they do.
            vessel = try await Vessel(
                phase: selectedPhase, dataDirectory: directory, transport: AsyncHTTPClientTransport(),
                timeline: timeline ? 500 : nil)
        } catch {
            throw Self.cannotStart("\(error.message) (data directory: \(directory.path))")
        }

        let lifetime = Duration.seconds(sessionLifetime)
        let options = WebOptions(
            host: host, port: port, sessionLifetime: lifetime, sweepInterval: min(.seconds(30), lifetime),
            logLevel: Logger.Level(rawValue: logLevel) ?? .notice)
        let host = host
        let pages = timeline ? try await TimelinePages.load(viewer: { vessel.timelineViewer() }) : nil
        let application = try await buildWebApplication(service: vessel, options: options, timeline: pages) { port in
            // Unbuffered, so that a parent process waiting for this line sees it at once.
            Self.say("Countries is served on \("http://\(host):\(port)")", to: .standardOutput)
            if let pages {
                // The address holds the viewer's key: only who started the server reads it.
                Self.say("Its timeline is at \("http://\(host):\(port)\(pages.address)")", to: .standardOutput)
            }
        }
        do {
            try await application.runService()
        } catch {
            throw Self.cannotStart(.verbatim(WebServer.failureMessage(error, host: host, port: port)))
        }
        withExtendedLifetime(vessel) {}
    }

    /// Prints why the server cannot start on stderr; the error it returns
    /// ends the command with a non-zero status.
    static func cannotStart(_ cause: LocalizedText) -> ExitCode {
        say("countries: cannot start: \(cause)", to: .standardError)
        return ExitCode.failure
    }

    /// Writes `text` and a line break to `handle` at once (a parent process
    /// may be waiting for the line), in the language of the command's
    /// environment (`LANG`, `LC_ALL`, `LANGUAGE`): the app's catalog, which
    /// the web front-end reads too.
    static func say(_ text: LocalizedText, to handle: FileHandle) {
        handle.write(Data((CountriesStrings.environment.string(text) + "\n").utf8))
    }

    /// Why `directory` cannot be created, in a person's words: the first
    /// folder on its way that is a file or cannot be written to.
    static func reason(creating directory: URL, error: any Error) -> LocalizedText {
        var ancestor = directory.standardizedFileURL
        let manager = FileManager.default
        while ancestor.path != "/", !manager.fileExists(atPath: ancestor.path) {
            ancestor.deleteLastPathComponent()
        }
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: ancestor.path, isDirectory: &isFolder), !isFolder.boolValue {
            return "\(ancestor.path) is a file, not a folder"
        }
        if !manager.isWritableFile(atPath: ancestor.path) {
            return "\(ancestor.path) cannot be written to"
        }
        return .verbatim(error.localizedDescription)
    }
}
