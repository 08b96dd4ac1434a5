import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import AuthenticatorWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelWeb
import KeelWebTesting

/// The secrets of the test accounts: no response may ever hold one.
enum TestSecrets {
    static let github: [UInt8] = Array("12345678901234567890".utf8)
    static let bank: [UInt8] = (0..<20).map { UInt8(($0 * 37 + 11) % 256) }
    static let counter: [UInt8] = (0..<20).map { UInt8(($0 * 91 + 7) % 256) }

    /// Every form a secret could take in a response: Base32 (upper and lower
    /// case), hex, and the raw bytes as text where they are text.
    static var needles: [String] {
        [github, bank, counter].flatMap { bytes -> [String] in
            let base32 = Base32.encode(bytes)
            let hex = bytes.map { String(format: "%02x", $0) }.joined()
            var forms = [base32, base32.lowercased(), hex]
            if let text = String(bytes: bytes, encoding: .utf8), text.allSatisfy({ !$0.isWhitespace }) { forms.append(text) }
            return forms
        }
    }
}

/// A raft with three accounts (two time-based, one counter-based), unlocked, at a fixed moment.
func webRaft(unlocked: Bool = true) async throws -> (Vessel, ManualClock) {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_010))
    let hotp = try OTPParameters(kind: .hotp, counter: 0)
    let accounts = [
        Account(issuer: "GitHub", name: "ada@example.com", secret: Secret(bytes: TestSecrets.github), groups: ["work"]),
        Account(issuer: "Bank", name: "ada", secret: Secret(bytes: TestSecrets.bank)),
        Account(issuer: "VPN", name: "ada", secret: Secret(bytes: TestSecrets.counter), parameters: hotp),
    ]
    let raft = try await Vessel.raft(accounts: accounts, unlocked: unlocked, clock: clock)
    return (raft, clock)
}

/// The web application over `raft`, for the router test client.
func webApplication(_ raft: Vessel) async throws -> some ApplicationProtocol {
    try await buildWebApplication(service: raft, options: WebOptions(port: 0, logLevel: .critical))
}

/// A browser for the router test client: it records every body it receives,
/// for the leak scan, and keeps the cookies the server gives it, as a browser
/// does (a second recorder is a second browser).
actor BodyRecorder {
    private(set) var bodies: [String] = []
    /// The `Set-Cookie` headers received, as sent.
    private(set) var setCookies: [String] = []
    /// The cookies kept, by name, in the order first set.
    private var jar: [(name: String, value: String)] = []
    /// The `Cookie` header the browser sends, if it keeps any cookie.
    var cookie: String? { jar.isEmpty ? nil : jar.map { "\($0.name)=\($0.value)" }.joined(separator: "; ") }

    /// A browser with no cookie yet.
    init() {}

    /// A client that sends `cookie` (`a=b; c=d`), as one that copied another browser's would.
    init(cookie: String?) {
        for pair in (cookie ?? "").split(separator: ";") {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { jar.append((parts[0], parts[1])) }
        }
    }

    func record(_ response: TestResponse) -> TestResponse {
        bodies.append(String(buffer: response.body))
        for header in response.headers[values: .setCookie] {
            setCookies.append(header)
            let attributes = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = attributes.first?.split(separator: "=", maxSplits: 1).map(String.init), let name = pair.first else { continue }
            jar.removeAll { $0.name == name }
            if !attributes.contains("Max-Age=0") { jar.append((name, pair.count > 1 ? pair[1] : "")) }
        }
        return response
    }

    /// `headers` with the browser's cookies, once it has some.
    func withCookie(_ headers: HTTPFields = [:]) -> HTTPFields {
        var headers = headers
        if let cookie { headers[.cookie] = cookie }
        return headers
    }

    /// The bodies that hold a test secret, with the secret found.
    func leaks() -> [String] {
        bodies.flatMap { body in TestSecrets.needles.filter { body.contains($0) } }
    }
}

extension TestClientProtocol {
    /// Gets `uri`, with the browser's cookie, recorded.
    func get(_ uri: String, _ recorder: BodyRecorder) async throws -> TestResponse {
        await recorder.record(try await execute(uri: uri, method: .get, headers: await recorder.withCookie()))
    }

    /// Posts a URL-encoded form, with the browser's cookie, recorded.
    func post(_ uri: String, _ body: ByteBuffer, _ recorder: BodyRecorder, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        headers.append(contentsOf: extra)
        return await recorder.record(try await execute(uri: uri, method: .post, headers: await recorder.withCookie(headers), body: body))
    }

    /// Opens a tab on the unlock page and returns its credentials; with
    /// `unlocking`, types the raft's passphrase there first, so that the
    /// vault is open to this browser (as it is only to a browser that typed it).
    func openTab(_ recorder: BodyRecorder, unlocking: Bool = true) async throws -> TabCredentials? {
        let response = try await get("/unlock", recorder)
        let page = String(buffer: response.body)
        if let credentials = TabCredentials(page: page) {
            guard unlocking else { return credentials }
            let unlocked = try await post("/unlock", credentials.form([("passphrase", Vessel.raftPassphrase)]), recorder)
            return unlocked.status == .seeOther ? credentials : nil
        }
        // Open to this browser already: the unlock page sends the tab to the list.
        guard let location = response.headers[.location] else { return nil }
        return TabCredentials(page: String(buffer: try await get(location, recorder).body))
    }
}
