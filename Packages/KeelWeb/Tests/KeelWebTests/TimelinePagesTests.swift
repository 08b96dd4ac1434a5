import Foundation
import Hummingbird
import HummingbirdTesting
import Keel
import KeelTimeline
import KeelWeb
import Testing

/// An app's state, as the timeline shows it.
struct TimelineShelf: Equatable, Sendable {
    var titles = ["Dune"]
    var query = ""
    var passphrase = TimelinePassphrase(text: "")
}

/// A secret that redacts itself, as the Authenticator's do.
struct TimelinePassphrase: Equatable, Sendable, CustomStringConvertible, CustomReflectable {
    var text: String
    var description: String { "Passphrase(redacted)" }
    var customMirror: Mirror { Mirror(self, children: [(label: String?, value: Any)]()) }
}

// Usecases, as an app writes them: the timeline names them by their function.
private func addBook(_ store: MutableStore<TimelineShelf>, _ title: String) {
    store.update { $0.titles.append(title) }
}

private func search(_ store: MutableStore<TimelineShelf>, _ text: String) {
    store.update { $0.query = text }
}

private func noteActivity(_ store: MutableStore<TimelineShelf>, _ count: Int) {
    store.update { $0.titles[0] = "Dune \(count)" }
}

/// What a screen sends, as the timeline records it.
enum TimelineTap: Sendable {
    case search(String)
}

private func unlock(_ store: MutableStore<TimelineShelf>, _ text: String) {
    store.update { $0.passphrase = TimelinePassphrase(text: text) }
}

@Suite("The timeline viewer's pages: live entries, filters, rewind, files", .timeLimit(.minutes(1)))
struct TimelinePagesTests {
    /// The timeline pages over `store`.
    func timelinePages(_ store: MutableStore<TimelineShelf>) async throws -> TimelinePages {
        try await TimelinePages.load(viewer: { TimelineViewModel(store: store) })
    }

    /// The viewer's key, from its address.
    func viewerKey(_ pages: TimelinePages) throws -> String {
        let address = pages.address
        let prefix = "/timeline?key="
        #expect(address.hasPrefix(prefix))
        return String(address.dropFirst(prefix.count))
    }

    /// An application with `pages`.
    func application(_ pages: TimelinePages) async throws -> some ApplicationProtocol {
        let options = WebOptions(port: 0, logLevel: .critical)
        let logger = WebServer.logger(label: "test", options: options)
        let router = try WebServer.router(
            context: WebRequestContext.self, publicDirectory: FileManager.default.temporaryDirectory.path, logger: logger
        ) { page in "<h1>\(page.status) \(page.title)</h1><p>\(page.message)</p>" }
        pages.add(to: router)
        return WebServer.application(router: router, name: "test", options: options, logger: logger, sweep: { 0 }, onRunning: { _ in })
    }

    /// The page's key, which the forms that move the state carry.
    func formKey(in page: String) throws -> String {
        let marker = #"name="key" value=""#
        let start = try #require(page.range(of: marker)).upperBound
        return String(page[start...].prefix { $0 != "\"" })
    }

    @Test("the page lists the entries, newest first, each with its usecase and its changes")
    func page() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 10)
        addBook(store, "Emma")
        addBook(store, "Ulysses")
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            let response = try await client.execute(uri: "/timeline?key=\(key)", method: .get)
            #expect(response.status == .ok)
            let page = String(buffer: response.body)
            let second = try #require(page.range(of: "#2 addBook(_:_:)")), first = try #require(page.range(of: "#1 addBook(_:_:)"))
            #expect(second.lowerBound < first.lowerBound)
            #expect(page.contains("<code>titles[2]</code>: <code>(none)</code> → <code>&quot;Ulysses&quot;</code>"))
            #expect(page.contains("The app shows the latest entry."))
            #expect(page.contains(#"data-live="/timeline/live?key=\#(key)&amp;filter=&amp;since=2""#))
        }
    }

    @Test("the filter keeps the entries of a usecase or a slice; one with signs is sent safely to the live connection")
    func filter() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 10)
        addBook(store, "Emma")
        store.update { $0.query = "em" }
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            let bySlice = String(buffer: try await client.execute(uri: "/timeline?key=\(key)&filter=query", method: .get).body)
            #expect(bySlice.contains("#2 "))
            #expect(!bySlice.contains("#1 addBook"))
            let byUsecase = String(buffer: try await client.execute(uri: "/timeline?key=\(key)&filter=ADDBOOK", method: .get).body)
            #expect(byUsecase.contains("#1 addBook"))
            #expect(!byUsecase.contains("#2 "))
            let signs = String(buffer: try await client.execute(uri: "/timeline?key=\(key)&filter=a%26b%22%3E", method: .get).body)
            #expect(signs.contains(#"data-live="/timeline/live?key=\#(key)&amp;filter=a%26b%22%3E&amp;since=2""#))
            // The filter as typed never reaches the page unescaped (the viewer's
            // key is hex, so `b">` alone may end an attribute that holds it).
            #expect(!signs.contains(#"a&b">"#))
        }
    }

    @Test("the live connection sends only what is new: the entries after those the page shows, then the position after a rewind")
    func live() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 10)
        addBook(store, "Emma")
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            #expect(String(buffer: try await client.execute(uri: pages.address, method: .get).body).contains("since=1"))
            // Updates keep coming until the connection has sent two of them.
            let adding = Task {
                while !Task.isCancelled {
                    addBook(store, "Ulysses")
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
            let response = try await client.execute(uri: "/timeline/live?key=\(key)&since=1&max=2", method: .get)
            adding.cancel()
            #expect(response.headers[.contentType] == "text/event-stream")
            let stream = String(buffer: response.body)
            let batches = stream.components(separatedBy: "event: entries\n").dropFirst()
            #expect(batches.count == 2)
            #expect(batches.allSatisfy { $0.contains("addBook(_:_:)") && $0.contains("Ulysses") })
            #expect(!stream.contains("entry-1\""), "the entry the page shows is not sent again")
            #expect(!stream.contains("<ol"), "entries only, not the page's list")
        }
        try await application(pages).test(.router) { client in
            let since = try #require(store.timeline.entries.last?.id)
            let rewinding = Task { @MainActor in
                while !Task.isCancelled {
                    store.rewind(to: 1)
                    try? await Task.sleep(for: .milliseconds(5))
                    store.rewind(to: since)
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
            let response = try await client.execute(uri: "/timeline/live?key=\(key)&since=\(since)&max=1", method: .get)
            rewinding.cancel()
            let stream = String(buffer: response.body)
            #expect(stream.contains("event: position\ndata: "))
            #expect(!stream.contains("event: entries"))
        }
    }

    @Test("an action is listed with the updates that followed it, and a run of the same work is folded; live entries say where they go")
    func grouped() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 20)
        store.readOnly.record(TimelineTap.search("em"), from: "Book list")
        search(store, "em")
        noteActivity(store, 1)
        noteActivity(store, 2)
        noteActivity(store, 3)
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/timeline?key=\(key)", method: .get).body)
            let action = try #require(page.range(of: #"<li id="entry-1" data-entry="1" class=" action">"#))
            let followed = try #require(page.range(of: #"<ol class="rows followed" reversed>"#, range: action.upperBound..<page.endIndex))
            #expect(page[followed.upperBound...].contains(#"id="entry-3""#) && page[followed.upperBound...].contains(#"id="entry-2""#))
            #expect(page.contains(#"<span class="repeats" data-count="2">and 2 more alike, to #5</span>"#))
            #expect(!page.contains(#"id="entry-4""#) && !page.contains(#"id="entry-5""#), "folded into #3")

            // Live: the next bookkeeping folds into #3, under the action.
            let noting = Task {
                var count = 4
                while !Task.isCancelled {
                    noteActivity(store, count)
                    count += 1
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
            let response = try await client.execute(uri: "/timeline/live?key=\(key)&since=5&max=1", method: .get)
            noting.cancel()
            #expect(String(buffer: response.body).contains(#"data-in="1" data-folded-into="3""#))
        }
    }

    @Test("a page far behind (an old page reconnecting) is told to reload rather than sent hundreds of entries")
    func farBehind() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 500)
        for index in 0..<60 { addBook(store, "Book \(index)") }
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            let stream = String(buffer: try await client.execute(uri: "/timeline/live?key=\(key)&since=0", method: .get).body)
            #expect(stream.contains("event: reload\n"))
            #expect(!stream.contains("event: entries"))
        }
    }

    @Test("what an update after a rewind set aside is on the page, under the entries, to read and not to move to")
    func branches() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 10)
        addBook(store, "Emma")
        addBook(store, "Ulysses")
        store.rewind(to: 1)
        addBook(store, "Dracula")
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/timeline?key=\(key)", method: .get).body)
            let branch = try #require(page.range(of: "<details class=\"branch\">"))
            #expect(page[branch.lowerBound...].contains("Set aside after #1: 1 entry the app had made before it was rewound there"))
            #expect(page[branch.lowerBound...].contains(#"id="entry-2""#) && page[branch.lowerBound...].contains("Ulysses"))
            #expect(!page[branch.lowerBound...].contains("Show the state after #2"), "no rewind into a branch")
            #expect(page[..<branch.lowerBound].contains(#"id="entry-3""#), "the state's history first")
        }
    }

    @Test("a page whose history was cut (an update after a rewind sets the entries after it aside) is told to reload")
    func cutHistory() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 10)
        addBook(store, "Emma")
        addBook(store, "Ulysses")
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            // Cut again and again until the connection has seen a cut of what it showed.
            let cutting = Task { @MainActor in
                while !Task.isCancelled {
                    store.rewind(to: 1)
                    addBook(store, "Dracula")
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
            let response = try await client.execute(uri: "/timeline/live?key=\(key)&since=2", method: .get)
            cutting.cancel()
            #expect(String(buffer: response.body).contains("event: reload\n"))
        }
    }

    @Test("rewind with the page's key puts the state back, and forward again; without it, nothing moves")
    func rewind() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 10)
        addBook(store, "Emma")
        addBook(store, "Ulysses")
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/timeline?key=\(key)", method: .get).body)
            #expect(try formKey(in: page) == key)
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

            let refused = try await client.execute(
                uri: "/timeline/move", method: .post, headers: form, body: ByteBuffer(string: "key=guess&to=0"))
            #expect(refused.status == .notFound)
            #expect(store.state.titles == ["Dune", "Emma", "Ulysses"])

            let back = try await client.execute(
                uri: "/timeline/move", method: .post, headers: form, body: ByteBuffer(string: "key=\(key)&to=1&filter=add"))
            #expect(back.status == .seeOther)
            #expect(back.headers[.location] == "/timeline?key=\(key)&filter=add&entry=1")
            #expect(store.state.titles == ["Dune", "Emma"])
            let rewound = String(buffer: try await client.execute(uri: "/timeline?key=\(key)", method: .get).body)
            #expect(rewound.contains("The app shows entry #1."))
            #expect(rewound.contains("Forward to the latest"))

            let forward = try await client.execute(
                uri: "/timeline/move", method: .post, headers: form, body: ByteBuffer(string: "key=\(key)"))
            #expect(forward.status == .seeOther)
            #expect(store.state.titles == ["Dune", "Emma", "Ulysses"])
        }
    }

    @Test("the export is the timeline as JSON; opened again it shows its entries, to read; a bad file is said to be one")
    func files() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 10)
        addBook(store, "Emma")
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            let export = try await client.execute(uri: "/timeline/export?key=\(key)", method: .get)
            #expect(export.headers[.contentType] == "application/json")
            #expect(export.headers[.contentDisposition] == #"attachment; filename="timeline.json""#)
            let json = String(buffer: export.body)
            #expect(try Timeline(json: Data(json.utf8)).entries.map(\.title) == ["addBook(_:_:)"])

            addBook(store, "Ulysses")
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let encoded = json.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let opened = String(buffer: try await client.execute(
                uri: "/timeline/open", method: .post, headers: form, body: ByteBuffer(string: "key=\(key)&json=\(encoded)")).body)
            #expect(opened.contains("A timeline file, to read"))
            #expect(opened.contains("#1 addBook"))
            #expect(!opened.contains("#2 addBook"))
            #expect(!opened.contains("Show the state after"))

            let bad = String(buffer: try await client.execute(
                uri: "/timeline/open", method: .post, headers: form, body: ByteBuffer(string: "key=\(key)&json=%7B%7D")).body)
            #expect(bad.contains("This file is not a Keel timeline ("))
        }
    }

    @Test("Save as test: the timeline in a Swift Testing file that replays it, named by when it was saved")
    func saveAsTest() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 10)
        addBook(store, "Emma")
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/timeline?key=\(key)", method: .get).body)
            #expect(page.contains(#"<a href="/timeline/test?key=\#(key)">Save as test</a>"#))
            let response = try await client.execute(uri: "/timeline/test?key=\(key)", method: .get)
            #expect(response.headers[.contentType] == "text/x-swift; charset=utf-8")
            let disposition = try #require(response.headers[.contentDisposition])
            #expect(disposition.wholeMatch(of: /attachment; filename="ReplayedSession\d{8}T\d{6}\.swift"/) != nil)
            let source = String(buffer: response.body)
            #expect(source.contains("try await replayRecorded(#\"\"\""))
            #expect(source.contains(#""usecase" : "addBook(_:_:)""#))
        }
    }

    @Test("the page opens its own export again, however large (an export of hundreds of entries is far over a form's usual limit)")
    func largeFile() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 500)
        for index in 0..<400 { addBook(store, "Book \(index)") }
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            let json = String(buffer: try await client.execute(uri: "/timeline/export?key=\(key)", method: .get).body)
            #expect(json.utf8.count > 16 * 1024)
            let encoded = json.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let opened = try await client.execute(
                uri: "/timeline/open", method: .post, headers: form, body: ByteBuffer(string: "key=\(key)&json=\(encoded)"))
            #expect(opened.status == .ok)
            let page = String(buffer: opened.body)
            #expect(page.contains("A timeline file, to read"))
            #expect(page.contains("#400 addBook"))
        }
    }

    @Test("a secret that redacts itself stays redacted on the page, on the live connection and in the export")
    func secrets() async throws {
        let secret = "correct horse battery staple"
        let store = MutableStore(TimelineShelf(), timeline: 10)
        unlock(store, secret)
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            for uri in [
                "/timeline?key=\(key)", "/timeline/live?key=\(key)&max=1", "/timeline/export?key=\(key)", "/timeline/test?key=\(key)",
                "/timeline?key=\(key)&entry=1",
            ] {
                let body = String(buffer: try await client.execute(uri: uri, method: .get).body)
                #expect(body.contains("Passphrase(redacted)"), "\(uri)")
                #expect(!body.contains(secret), "\(uri)")
            }
        }
    }

    @Test("without the viewer's key, or with another, every route is a page that does not exist, and nothing moves")
    func keyRequired() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 10)
        addBook(store, "Emma")
        unlock(store, "correct horse")
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        let other = try viewerKey(try await timelinePages(store))
        #expect(key != other && key.count == 32)
        try await application(pages).test(.router) { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            for guess in ["", "key=\(other)&", "key=\(key.uppercased())&"] {
                for uri in [
                    "/timeline?\(guess)", "/timeline/live?\(guess)max=1", "/timeline/export?\(guess)", "/timeline/test?\(guess)",
                    "/timeline?\(guess)entry=1",
                ] {
                    let response = try await client.execute(uri: uri, method: .get)
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(!String(buffer: response.body).contains("Emma"), "\(uri)")
                }
                for (uri, body) in [("/timeline/move", "\(guess)to=0"), ("/timeline/open", "\(guess)json=%7B%7D")] {
                    let response = try await client.execute(uri: uri, method: .post, headers: form, body: ByteBuffer(string: body))
                    #expect(response.status == .notFound || response.status == .badRequest, "\(uri)")
                    #expect(!String(buffer: response.body).contains("Emma"), "\(uri)")
                }
            }
            #expect(store.state.titles == ["Dune", "Emma"])
            #expect(try await client.execute(uri: pages.address, method: .get).status == .ok)
        }
    }

    @Test("malformed queries and forms are 400s")
    func malformed() async throws {
        let store = MutableStore(TimelineShelf(), timeline: 10)
        let pages = try await timelinePages(store)
        let key = try viewerKey(pages)
        try await application(pages).test(.router) { client in
            #expect(try await client.execute(uri: "/timeline?key=\(key)&entry=x", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/timeline?key=\(key)&filter=%G1", method: .get).status == .badRequest)
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let move = try await client.execute(uri: "/timeline/move", method: .post, headers: form, body: ByteBuffer(string: "key=\(key)&to=x"))
            #expect(move.status == .badRequest)
        }
    }
}
