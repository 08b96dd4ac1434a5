import Foundation
import Hummingbird
import Keel
import Mustache

/// The timeline viewer of a web front-end, for development: a page that
/// lists a store's timeline as it grows (over a live connection), filters it
/// by usecase, screen or slice, shows an entry's changes, and rewinds the
/// app's state with one click; the timeline exported as JSON, and such a
/// file opened again to read.
///
/// An app adds it when started with `--timeline` (its server listens on
/// loopback only):
///
/// ```swift
/// try await TimelinePages.load(viewer: { vessel.timelineViewer() }).add(to: router)
/// ```
///
/// Each page has its own ``Keel/TimelineViewModel`` (its filter and
/// selection); a rewind moves the app's one state, and every open tab of the
/// app follows through its own live connection.
///
/// The timeline shows and moves the app's state, so it is served only to
/// whoever has its **key**, made at start and printed by the app with the
/// viewer's address (``address``), as notebook servers do: every route
/// answers 404 without it, and every link and form of its pages carries it
/// (`Referrer-Policy: same-origin` keeps it from other sites). Other users of
/// the machine, and pages on other ports, never see the timeline.
public struct TimelinePages: Sendable {
    private let viewer: @MainActor @Sendable () -> TimelineViewModel
    private let renderer: PageRenderer
    private let key: String
    private let heartbeat: Duration

    /// The viewer's path with its key (`/timeline?key=…`): print it, with the
    /// server's address before it, for the developer to open.
    public var address: String { "/timeline?key=\(key)" }

    /// The page and its templates over the view models `viewer` makes.
    ///
    /// - Parameters:
    ///   - viewer: Makes a viewer of the app's store (the container's `timelineViewer()`).
    ///   - heartbeat: How often a comment keeps a live connection alive.
    public static func load(
        viewer: @escaping @MainActor @Sendable () -> TimelineViewModel, heartbeat: Duration = .seconds(15)
    ) async throws -> TimelinePages {
        let library = try await TemplateLibrary.load(
            directory: TemplateLibrary.directory("Timeline", in: .module), required: ["timeline", "timeline-entries"])
        return TimelinePages(
            viewer: viewer, renderer: PageRenderer(library: library), key: TabToken.random(), heartbeat: heartbeat)
    }

    /// The query of the page and of its live connection.
    struct Query: Decodable, Sendable {
        var filter: String?
        var entry: Int?
        /// The live connection ends after this many updates (for tests).
        var max: Int?
    }

    /// A form that moves the state: to an entry, or (without one) to the latest.
    struct MoveForm: Decodable, Sendable {
        var key: String
        var to: Int?
        var filter: String?
    }

    /// A timeline file, sent as text.
    struct OpenForm: Decodable, Sendable {
        var key: String
        var json: String
    }

    /// Adds `GET /timeline` (the page), `GET /timeline/live` (its live
    /// connection), `GET /timeline/export` (the JSON), `POST /timeline/move`
    /// (rewind, or forward to the latest) and `POST /timeline/open` (a file, to read).
    public func add<Context: RequestContext>(to router: Router<Context>) {
        router.get("/timeline") { request, context in
            try check(request.uri.queryParameters.get("key"))
            let query = try request.decodeQuery(Query.self, context: context)
            let fields = await fields(query)
            return Response.html(await renderer.render("timeline", fields))
        }
        router.get("/timeline/live") { request, context in
            try check(request.uri.queryParameters.get("key"))
            let query = try request.decodeQuery(Query.self, context: context)
            return Response.eventStream(await live(query), for: request)
        }
        router.get("/timeline/export") { request, _ in
            try check(request.uri.queryParameters.get("key"))
            let json = await MainActor.run { viewer().exported() }
            return Response(
                status: .ok,
                headers: [.contentType: "application/json", .contentDisposition: #"attachment; filename="timeline.json""#],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
        }
        router.post("/timeline/move") { request, context in
            let form = try await request.decodeForm(MoveForm.self, context: context)
            try check(form.key)
            await MainActor.run {
                let viewer = viewer()
                viewer.send(form.to.map { .rewind(to: $0) } ?? .latest)
            }
            var page = URLComponents(string: "/timeline")!
            page.queryItems = [
                URLQueryItem(name: "key", value: key), URLQueryItem(name: "filter", value: form.filter ?? ""),
                URLQueryItem(name: "entry", value: form.to.map(String.init)),
            ].filter { $0.value?.isEmpty == false }
            return Response(status: .seeOther, headers: [.location: page.string ?? "/timeline"])
        }
        router.post("/timeline/open") { request, context in
            let form = try await request.decodeForm(OpenForm.self, context: context)
            try check(form.key)
            let fields = await MainActor.run {
                let viewer = viewer()
                viewer.send(.open(Data(form.json.utf8)))
                return TimelineFields(viewer, key: key)
            }
            return Response.html(await renderer.render("timeline", fields))
        }
    }

    /// Refuses a request without the viewer's key (compared in constant time)
    /// as a page that does not exist: 404, whether the timeline runs or not.
    private func check(_ candidate: String?) throws {
        guard let candidate, TabToken.matches(candidate, expected: key) else { throw HTTPError(.notFound) }
    }

    /// The page's fields for `query`, from a viewer of its own.
    @MainActor
    private func fields(_ query: Query) -> TimelineFields {
        let viewer = viewer()
        viewer.send(.filter(query.filter ?? ""))
        viewer.send(.select(query.entry))
        return TimelineFields(viewer, key: key)
    }

    /// The live connection of a page showing `query`: the entries, rendered
    /// again each time the timeline changes.
    @MainActor
    private func live(_ query: Query) -> AsyncStream<String> {
        let viewer = viewer()
        viewer.send(.filter(query.filter ?? ""))
        viewer.send(.select(query.entry))
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.yield(ServerSentEvent.preamble)
        let (renderer, key) = (renderer, key)
        let updates = Task { @MainActor in
            var sent = 0
            for await fields in ObservedValues({ TimelineFields(viewer, key: key) }) {
                let html = await renderer.render("timeline-entries", fields)
                continuation.yield(ServerSentEvent(event: "fragment", data: "timeline-entries\n" + html).wireFormat)
                sent += 1
                if let max = query.max, sent >= max { break }
            }
            continuation.finish()
        }
        let beats = LiveConnection.heartbeats(into: continuation, every: heartbeat)
        continuation.onTermination = { _ in
            updates.cancel()
            beats.cancel()
        }
        return stream
    }
}
