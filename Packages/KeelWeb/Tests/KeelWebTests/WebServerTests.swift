import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelWeb
import NIOCore
import Testing

/// A form with one field.
private struct NameForm: TabForm {
    let tab: String
    let token: String
    let name: String
}

/// A query with an optional tab.
private struct TabQuery: Decodable {
    let tab: String?
}

/// Screens that record being closed.
@MainActor
private final class Screens: TabScreens {
    var closed = false
    func close() { closed = true }
}

@Suite("The shared router: headers, error pages, forms", .timeLimit(.minutes(1)))
struct WebServerTests {
    func application(browserCookie: Bool = false, serverHost: String? = nil) throws -> some ApplicationProtocol {
        let public_ = FileManager.default.temporaryDirectory.appendingPathComponent("keelweb-\(TabToken.random())")
        try FileManager.default.createDirectory(at: public_, withIntermediateDirectories: true)
        try Data("body{}".utf8).write(to: public_.appendingPathComponent("app.css"))
        let options = WebOptions(port: 0, logLevel: .critical)
        let logger = WebServer.logger(label: "test", options: options)
        let router = try WebServer.router(
            context: WebRequestContext.self, publicDirectory: public_.path, logger: logger, serverHost: serverHost,
            browserCookie: browserCookie
        ) { page in
            "<h1>\(page.status) \(page.title)</h1><p>\(page.message)</p>"
                + (page.languages.isEmpty ? "" : "<i>\(page.languages.joined(separator: ","))</i>")
        }
        router.post("form") { request, context in
            let form = try await request.decodeForm(NameForm.self, context: context)
            return Response.html("hello \(form.name)")
        }
        router.get("browser") { _, context in context.browser ?? "none" }
        router.get("query") { request, context in try request.decodeQuery(TabQuery.self, context: context).tab ?? "none" }
        router.get("boom") { _, _ -> Response in throw CocoaError(.fileNoSuchFile) }
        router.get("country/:code") { _, context -> Response in
            throw PageError(.notFound, message: "There is no country with the code \(try context.parameters.require("code")).")
        }
        router.get("tab-refused") { _, _ -> Response in
            throw PageError(.badRequest, message: "Refused.", language: "ko")
        }
        router.get("locked") { _, _ -> Response in
            throw HTTPError(.seeOther, headers: [.location: "/unlock"], message: "Locked.")
        }
        return WebServer.application(router: router, name: "test", options: options, logger: logger, sweep: { 0 }, onRunning: { _ in })
    }

    @Test("every response carries the security headers and is not stored")
    func headers() async throws {
        try await application().test(.router) { client in
            let response = try await client.execute(uri: "/nowhere", method: .get)
            #expect(response.status == .notFound)
            #expect(String(buffer: response.body) == "<h1>404 Not Found</h1><p>There is no page here.</p>")
            let country = try await client.execute(uri: "/country/XYZ", method: .get)
            #expect(country.status == .notFound)
            #expect(String(buffer: country.body) == "<h1>404 Not Found</h1><p>There is no country with the code XYZ.</p>", "a PageError's message")
            let korean = try await client.execute(uri: "/nowhere", method: .get, headers: [.acceptLanguage: "en;q=0.5, ko-KR"])
            #expect(String(buffer: korean.body) == "<h1>404 Not Found</h1><p>There is no page here.</p><i>ko-KR,en</i>",
                    "the page is given its reader's languages, to render it in one")
            let tab = try await client.execute(uri: "/tab-refused", method: .get, headers: [.acceptLanguage: "en"])
            #expect(String(buffer: tab.body) == "<h1>400 Bad Request</h1><p>Refused.</p><i>ko</i>",
                    "the language the route knows wins over the browser's")
            #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[.cacheControl] == "no-store")
            let file = try await client.execute(uri: "/static/app.css", method: .get)
            #expect(file.status == .ok)
            #expect(file.headers[.cacheControl] == "no-cache")
            let script = try await client.execute(uri: "/keel/keel.js", method: .get)
            #expect(script.status == .ok)
            #expect(String(buffer: script.body).contains("window.Keel = { tab, token, post, swap, follow }"))
            let style = try await client.execute(uri: "/keel/keel.css", method: .get)
            #expect(style.status == .ok)
            #expect(style.headers[.contentType]?.hasPrefix("text/css") == true)
            #expect(String(buffer: style.body).contains(".card"))
        }
    }

    @Test("an unexpected error is a plain 500 page; a redirection thrown keeps its location")
    func errors() async throws {
        try await application().test(.router) { client in
            let boom = try await client.execute(uri: "/boom", method: .get)
            #expect(boom.status == .internalServerError)
            #expect(String(buffer: boom.body).contains("Something went wrong on the server."))
            let locked = try await client.execute(uri: "/locked", method: .get)
            #expect(locked.status == .seeOther)
            #expect(locked.headers[.location] == "/unlock")
        }
    }

    @Test("a malformed query is a 400 page, not a 500; a path with a NUL or a bad escape opens no file")
    func malformedAddresses() async throws {
        try await application().test(.router) { client in
            #expect(String(buffer: try await client.execute(uri: "/query?tab=a%20b", method: .get).body) == "a b")
            for query in ["tab=%G1", "tab=a&tab=b", "tab=%"] {
                let response = try await client.execute(uri: "/query?\(query)", method: .get)
                #expect(response.status == .badRequest, "\(query)")
                #expect(String(buffer: response.body).contains("The address could not be read."), "\(query)")
            }
            for path in ["/static/app.css%00.js", "/static/app.css%00", "/static/app%0a.css", "/static/%G1.css", "/keel/keel.js%00.css"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .badRequest, "\(path)")
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true, "\(path)")
                #expect(!String(buffer: response.body).contains("body{}"), "\(path)")
            }
            #expect(try await client.execute(uri: "/static/app.css", method: .get).headers[.contentType]?.hasPrefix("text/css") == true)
        }
        // A path without an escape is checked as it is: a control character sent raw is refused too.
        #expect(PathCheck<WebRequestContext>.accepts(path: "/static/app.css"))
        #expect(!PathCheck<WebRequestContext>.accepts(path: "/static/app.css\u{0}.js"))
        #expect(!PathCheck<WebRequestContext>.accepts(path: "/static/app\n.css"))
    }

    @Test("forms: read when well-formed; 415, 400 and 413 otherwise")
    func forms() async throws {
        try await application().test(.router) { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let good = try await client.execute(uri: "/form", method: .post, headers: form, body: ByteBuffer(string: "tab=t&token=k&name=%3Cb%3E"))
            #expect(good.status == .ok)
            #expect(String(buffer: good.body) == "hello <b>")
            let json = try await client.execute(uri: "/form", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
            #expect(json.status == .unsupportedMediaType)
            let missing = try await client.execute(uri: "/form", method: .post, headers: form, body: ByteBuffer(string: "tab=t"))
            #expect(missing.status == .badRequest)
            let large = String(repeating: "a", count: WebOptions.maximumBodySize + 1)
            let tooLarge = try await client.execute(uri: "/form", method: .post, headers: form, body: ByteBuffer(string: "tab=t&token=k&name=\(large)"))
            #expect(tooLarge.status == .contentTooLarge)
            #expect(String(buffer: tooLarge.body).contains("The request is too large."))
        }
    }

    @Test("a registry authorizes a form with the tab's token only; an evicted tab's screens are closed")
    @MainActor
    func authorization() throws {
        let registry = SessionRegistry(lifetime: .seconds(60), maximum: 1) { _ in Screens() }
        let session = registry.session(nil)
        let accepted = try registry.authorize(NameForm(tab: session.id, token: session.token, name: ""))
        #expect(accepted === session)
        #expect(throws: PageError.self) { try registry.authorize(NameForm(tab: session.id, token: "wrong", name: "")) }
        #expect(throws: PageError.self) { try registry.authorize(NameForm(tab: "gone", token: session.token, name: "")) }
        #expect(!session.closed)
        _ = registry.session(nil)  // beyond the maximum: the first tab goes
        #expect(session.closed)
        #expect(registry.existing(session.id) == nil)
    }

    @Test("the browser cookie: given once, HttpOnly and SameSite=Strict, on error pages too; malformed ones replaced")
    func browserCookie() async throws {
        try await application(browserCookie: true).test(.router) { client in
            let first = try await client.execute(uri: "/browser", method: .get)
            let cookie = try #require(first.headers[.setCookie])
            let id = String(buffer: first.body)
            // The attributes' order is Hummingbird's (a dictionary's): compare them as a set.
            let parts = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(parts.first == "keel-browser=\(id)")
            #expect(Set(parts.dropFirst()) == ["Path=/", "HttpOnly", "SameSite=Strict"])
            #expect(id.count == 32)
            let again = try await client.execute(uri: "/browser", method: .get, headers: [.cookie: "keel-browser=\(id)"])
            #expect(String(buffer: again.body) == id)
            #expect(again.headers[.setCookie] == nil)
            let malformed = try await client.execute(uri: "/browser", method: .get, headers: [.cookie: "keel-browser=<id>"])
            #expect(String(buffer: malformed.body) != "<id>")
            #expect(malformed.headers[.setCookie] != nil)
            // A link from another site arrives without the cookie: it gets an id, and the cookie stays.
            let crossSite = try await client.execute(uri: "/browser", method: .get, headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(String(buffer: crossSite.body).count == 32)
            #expect(crossSite.headers[.setCookie] == nil)
            let sameSite = try await client.execute(uri: "/browser", method: .get, headers: [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"])
            #expect(sameSite.headers[.setCookie] != nil)
            let error = try await client.execute(uri: "/nowhere", method: .get)
            #expect(error.status == .notFound)
            #expect(error.headers[.setCookie]?.hasPrefix("keel-browser=") == true)
        }
        try await application().test(.router) { client in
            let response = try await client.execute(uri: "/browser", method: .get)
            #expect(String(buffer: response.body) == "none")
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test("a tab bound to a browser answers that browser only")
    @MainActor
    func boundTabs() throws {
        let registry = SessionRegistry(lifetime: .seconds(60), maximum: 10) { _ in Screens() }
        let session = registry.session(nil, browser: "a")
        #expect(registry.existing(session.id, browser: "a") === session)
        #expect(registry.existing(session.id, browser: "b") == nil)
        #expect(registry.existing(session.id) == nil)
        #expect(registry.session(session.id, browser: "b") !== session)
        #expect(throws: PageError.self) { try registry.authorize(tab: session.id, token: session.token, browser: "b") }
        #expect(try registry.authorize(tab: session.id, token: session.token, browser: "a") === session)
        let bound = SessionRegistry(lifetime: .seconds(60), maximum: 10, bindsToBrowser: true) { _ in Screens() }
        let unbound = bound.session(nil)
        #expect(bound.existing(unbound.id) == nil, "a bound registry finds nothing without a browser")
        let tab = bound.session(nil, browser: "a")
        #expect(bound.existing(tab.id, browser: "a") === tab)
    }

    /// The `Host` field: the router test client sends the authority
    /// "localhost", and a Host field beside it is checked too (the live
    /// server's path, where Host becomes the authority, is the browser suite's).
    static let host = HTTPField.Name("Host")!

    @Test("a Host naming another server is refused before any route (DNS rebinding); addresses and localhost are not")
    func hostCheck() async throws {
        try await application(browserCookie: true, serverHost: "Keel-Box.local").test(.router) { client in
            for host in ["127.0.0.1:8080", "127.0.0.1", "localhost:8081", "LOCALHOST", "localhost.", "[::1]:8080", "[::1]",
                         "192.168.1.20:8080", "keel-box.local:80"] {
                let response = try await client.execute(uri: "/browser", method: .get, headers: [Self.host: host])
                #expect(response.status == .ok, "\(host)")
            }
            for host in ["attacker.example:8080", "attacker.example", "127.0.0.1.attacker.example", "localhost.attacker.example",
                         "127.0.0.1:80x", "[::1", "[::1]x", "[not-an-address]:80", "::1", "evil.local"] {
                let response = try await client.execute(uri: "/browser", method: .get, headers: [Self.host: host])
                #expect(response.status == .misdirectedRequest, "\(host)")
                #expect(String(buffer: response.body).contains("answers at its own address only"))
                #expect(response.headers[.setCookie] == nil, "a refused request gets no browser cookie")
                let form = try await client.execute(
                    uri: "/form", method: .post, headers: [Self.host: host, .contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "tab=a&token=b&name=x"))
                #expect(form.status == .misdirectedRequest, "\(host)")
            }
        }
        #expect(HostCheck<WebRequestContext>().accepts(authority: "localhost:8080"))
        #expect(!HostCheck<WebRequestContext>().accepts(authority: "keel-box.local"))
    }

    @Test("a server that cannot listen says why, in a sentence")
    func failureMessages() throws {
        let inUse = WebServer.failureMessage(IOError(errnoCode: EADDRINUSE, reason: "bind"), host: "127.0.0.1", port: 8080)
        #expect(inUse == "127.0.0.1:8080 is already in use (another server is listening there): choose another port with --port.")
        #expect(WebServer.failureMessage(IOError(errnoCode: EACCES, reason: "bind"), host: "127.0.0.1", port: 80).contains("not allowed"))
        #expect(WebServer.failureMessage(IOError(errnoCode: EADDRNOTAVAIL, reason: "bind"), host: "10.9.9.9", port: 80)
            == "10.9.9.9 is not an address of this machine: choose another with --host.")
        struct Other: Error, CustomStringConvertible { var description: String { "something else" } }
        #expect(WebServer.failureMessage(Other(), host: "h", port: 1) == "something else")
    }
}
