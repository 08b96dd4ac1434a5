import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting

/// The `authenticator-web` server run as a process on a data directory, beside
/// the command line's runs, and a browser that drives it over HTTP as a person
/// would: it keeps the server's cookie, reads each page's tab and token, posts forms.
final class WebServerProcess: Sendable {
    let process: RunningCommand
    let port: Int

    /// How long the server may run before its watchdog kills it: the suites' time limit.
    static let lifeLimit: TimeInterval = 300

    /// How long the server may take to say where it serves.
    static let startLimit: Duration = .seconds(60)

    /// The server did not say where it serves in time (or ended first): what it printed.
    struct DidNotStart: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts the server on `dataDirectory`, on a free port, and waits (bounded) until it serves.
    init(command: CommandLine, dataDirectory: String) async throws {
        // A server lives as long as its test, which runs commands of its own
        // meanwhile: its watchdog waits for the whole test, not for one command.
        process = try command.start(
            ["--data-dir", dataDirectory, "--port", "0", "--log-level", "error"], named: "authenticator-web", timeLimit: Self.lifeLimit)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: Self.startLimit)
        var port: Int?
        while port == nil, clock.now < deadline {
            port = Self.port(in: process.output)
            // Polls the server's output: it prints one line when it serves, and nothing says when.
            if port == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        guard let port else {
            process.kill()
            let outcome = try await process.wait()
            throw DidNotStart(description: "authenticator-web did not start: \(outcome.output) \(outcome.errors)")
        }
        self.port = port
    }

    /// The port in "The Authenticator is served on http://127.0.0.1:PORT".
    static func port(in output: String) -> Int? {
        guard let range = output.range(of: "served on http://127.0.0.1:") else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }

    /// Stops the server (SIGTERM, as a service manager would) and returns what it printed.
    func stop() async throws -> CommandLine.Outcome {
        process.kill(SIGTERM)
        return try await process.wait()
    }

    /// Runs `body` with a browser of the server.
    func withBrowser<Value: Sendable>(_ body: @escaping @Sendable (Browser) async throws -> Value) async throws -> Value {
        try await body(Browser(port: port))
    }

    /// A browser: the server's cookie, kept; a tab's id and token, read from
    /// its pages. Each request goes on a connection of its own: the server
    /// closes a connection left idle (while the command line works, say), and
    /// a browser then opens another.
    actor Browser {
        let port: Int
        private var cookie: String?
        private(set) var tab = ""
        private(set) var token = ""

        init(port: Int) {
            self.port = port
        }

        /// `request` run on a new connection to the server.
        private func send(_ request: @escaping @Sendable (TestClient) async throws -> TestClient.Response) async throws -> TestClient.Response {
            try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(30)), operation: request)
        }

        /// A page or a download: its status, body and where it sends the browser.
        struct Reply: Sendable {
            let status: HTTPResponse.Status
            let body: String
            let location: String?
        }

        /// Gets `uri`; reads the tab and token of the page when it has them.
        func get(_ uri: String) async throws -> Reply {
            var headers = HTTPFields()
            if let cookie { headers[.cookie] = cookie }
            let sent = headers
            return remember(try await send { try await $0.get(uri, headers: sent) })
        }

        /// Posts the form `fields` with the tab and its token.
        func post(_ uri: String, _ fields: [(String, String)]) async throws -> Reply {
            var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            if let cookie { headers[.cookie] = cookie }
            let form = ([("tab", tab), ("token", token)] + fields)
                .map { "\(Self.encoded($0.0))=\(Self.encoded($0.1))" }.joined(separator: "&")
            let sent = headers
            return remember(try await send { try await $0.post(uri, headers: sent, body: ByteBuffer(string: form)) })
        }

        /// Opens a tab and unlocks the vault with `passphrase`; throws unless it opens.
        func unlock(_ passphrase: String) async throws {
            _ = try await get("/unlock")
            let reply = try await post("/unlock", [("passphrase", passphrase)])
            guard reply.status == .seeOther else { throw DidNotStart(description: "unlocking answered \(reply.status): \(reply.body)") }
        }

        private func remember(_ response: TestClient.Response) -> Reply {
            if let pair = response.headers[.setCookie]?.split(separator: ";").first { cookie = String(pair) }
            let body = response.body.map { String(buffer: $0) } ?? ""
            if let tab = Self.attribute("data-tab", in: body), let token = Self.attribute("data-token", in: body) {
                self.tab = tab
                self.token = token
            }
            return Reply(status: response.status, body: body, location: response.headers[.location])
        }

        private static func attribute(_ name: String, in page: String) -> String? {
            guard let start = page.range(of: "\(name)=\"") else { return nil }
            let rest = page[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }

        /// `text` percent-encoded for a form body.
        private static func encoded(_ text: String) -> String {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        }
    }
}
