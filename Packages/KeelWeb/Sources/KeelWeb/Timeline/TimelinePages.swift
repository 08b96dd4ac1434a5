import Foundation
import Hummingbird
import Keel
import KeelTimeline
import Observation
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
/// Each page has its own `TimelineViewModel` (KeelTimeline) (its filter and
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
    /// The one viewer every live connection reads (``live(_:since:)``).
    private let shared: SharedViewer

    /// The most entries a live connection sends at once; a page further
    /// behind is told to reload.
    static let maximumNewEntries = 50

    /// The largest timeline file the page opens again (an export of 500 entries is under 1 MB).
    public static let maximumFileSize = 8 * 1024 * 1024

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
            directory: TemplateLibrary.directory("Timeline", in: .module),
            required: ["timeline", "timeline-entries", "timeline-entry", "timeline-new", "timeline-position"])
        return TimelinePages(
            viewer: viewer, renderer: PageRenderer(library: library), key: TabToken.random(), heartbeat: heartbeat,
            shared: await SharedViewer(make: viewer))
    }

    /// The query of the page and of its live connection.
    struct Query: Decodable, Sendable {
        var filter: String?
        var entry: Int?
        /// The newest entry the page shows (its live connection sends those after it).
        var since: Int?
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
    /// connection), `GET /timeline/export` (the JSON), `GET /timeline/test`
    /// (the JSON in a test that replays it: `TimelineTestFile`), `POST
    /// /timeline/move` (rewind, or forward to the latest) and `POST
    /// /timeline/open` (a file, to read).
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
            return Response.eventStream(await live(query, since: query.since ?? 0), for: request)
        }
        router.get("/timeline/export") { request, _ in
            try check(request.uri.queryParameters.get("key"))
            let json = await MainActor.run { viewer().exported() }
            return Response(
                status: .ok,
                headers: [.contentType: "application/json", .contentDisposition: #"attachment; filename="timeline.json""#],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
        }
        router.get("/timeline/test") { request, _ in
            try check(request.uri.queryParameters.get("key"))
            let file = await MainActor.run { viewer().timeline.testFile() }
            return Response(
                status: .ok,
                headers: [.contentType: "text/x-swift; charset=utf-8", .contentDisposition: #"attachment; filename="\#(file.name)""#],
                body: ResponseBody(byteBuffer: ByteBuffer(string: file.source)))
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
            let form = try await request.decodeForm(OpenForm.self, context: context, limit: Self.maximumFileSize)
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

    /// The live connection of a page showing `query`: only what is new. The
    /// entries after `since` (the newest the page shows) that pass its
    /// filter, each rendered once for it; where the app's state is, when a
    /// rewind moves it; and "reload" when the history the page shows was cut
    /// (an update after a rewind sets the entries after it aside, as a branch).
    ///
    /// Every connection reads one viewer (``SharedViewer``), which reads the
    /// store's timeline once per change: the main actor's work per change
    /// grows with what is new, not with the 500 entries kept, and a page that
    /// reads nothing costs its buffer, then its connection (the browser
    /// reconnects and is sent what it missed).
    @MainActor
    private func live(_ query: Query, since: Int) -> AsyncStream<String> {
        let viewer = shared.viewer
        let filter = query.filter ?? ""
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(64))
        continuation.yield(ServerSentEvent.preamble)
        let (renderer, key) = (renderer, key)
        let updates = Task { @MainActor in
            var last = since
            var current = viewer.current
            var sent = 0
            for await _ in ObservedValues({ shared.head }) {
                let timeline = viewer.timeline
                // The page shows entries an update after a rewind dropped: it is read anew.
                if shared.gaps().contains(where: { $0.contains(last) }) {
                    continuation.yield(ServerSentEvent(event: "reload", data: "").wireFormat)
                    break
                }
                let newer = timeline.entries.reversed().prefix { $0.id > last }
                // A page far behind (an old page reconnecting) is read anew, as one
                // page load, rather than sent hundreds of entries one by one.
                if newer.count > Self.maximumNewEntries {
                    continuation.yield(ServerSentEvent(event: "reload", data: "").wireFormat)
                    break
                }
                last = max(last, timeline.entries.last?.id ?? 0)
                var events: [ServerSentEvent] = []
                var html = ""
                // Where each goes on the page: under its action, or folded into its run's first.
                let places = newer.isEmpty ? [:] : shared.places(filter: filter)
                for entry in newer where entry.matches(filter) {
                    html += await shared.html(
                        of: entry, place: places[entry.id], current: viewer.current, filter: filter, key: key, renderer: renderer)
                }
                if !html.isEmpty { events.append(ServerSentEvent(event: "entries", data: html)) }
                if viewer.current != current {
                    current = viewer.current
                    let banner = TimelinePosition(
                        position: TimelineFields.position(timeline.position), canRewind: timeline.position != nil, key: key, filter: filter)
                    let html = await renderer.render("timeline-position", banner)
                    events.append(ServerSentEvent(event: "position", data: "\(current ?? 0)\n" + html))
                }
                for event in events {
                    // A page that reads nothing is let go once its buffer is full.
                    if case .dropped = continuation.yield(event.wireFormat) {
                        continuation.finish()
                        return
                    }
                }
                sent += events.isEmpty ? 0 : 1
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

/// What a live connection of the timeline follows: a change of the newest
/// entry, the position or the number of entries (not the entries themselves:
/// comparing 500 of them at each change would cost what this saves).
struct TimelineHead: Equatable, Sendable {
    let newest: Int?
    let oldest: Int?
    let position: Int?
    let count: Int

    init(_ timeline: Timeline) {
        (newest, oldest, position, count) = (timeline.entries.last?.id, timeline.entries.first?.id, timeline.position, timeline.entries.count)
    }
}

/// The one viewer of the store that every live connection of the timeline
/// reads, made on the main actor when the pages are (it follows the store
/// for as long as the server runs), and what every connection would
/// otherwise work out again for itself at each change: the gaps in the
/// entries kept, and each new entry's HTML.
@MainActor
@Observable
final class SharedViewer: Sendable {
    @ObservationIgnored let viewer: TimelineViewModel
    /// What the live connections follow: the viewer's head, moved at most once per
    /// ``interval``. A burst of actions wakes each open page once per interval, not
    /// once per action, so that what an action costs the app does not grow with the
    /// pages open; a page is sent every entry it missed when it wakes.
    private(set) var head: TimelineHead
    /// The gaps of the timeline of `head`.
    @ObservationIgnored private var gapsOf: (head: TimelineHead, gaps: [ClosedRange<Int>])?
    /// Entries rendered or being rendered, by id, whether shown, and filter: the
    /// connections woken together wait for one rendering, not one each.
    @ObservationIgnored private var rendered: [String: Task<String, Never>] = [:]

    /// How often, at most, the open pages are woken.
    static let interval = Duration.milliseconds(100)

    init(make: @MainActor @Sendable () -> TimelineViewModel) {
        let viewer = make()
        self.viewer = viewer
        head = TimelineHead(viewer.timeline)
        Task { [weak self] in
            for await head in ObservedValues({ TimelineHead(viewer.timeline) }) {
                guard let self else { return }
                if head != self.head { self.head = head }
                try? await Task.sleep(for: Self.interval)
            }
        }
    }

    /// The ids missing between the oldest entry kept and the newest: those an
    /// update after a rewind dropped. Worked out once per change.
    func gaps() -> [ClosedRange<Int>] {
        let head = TimelineHead(viewer.timeline)
        if let gapsOf, gapsOf.head == head { return gapsOf.gaps }
        let ids = viewer.timeline.entries.map(\.id)
        var gaps: [ClosedRange<Int>] = []
        // Contiguous (the usual case): no gap, without a look at each entry.
        if let first = ids.first, let last = ids.last, last - first + 1 != ids.count {
            for (earlier, later) in zip(ids, ids.dropFirst()) where later > earlier + 1 {
                gaps.append((earlier + 1)...(later - 1))
            }
        }
        gapsOf = (head, gaps)
        return gaps
    }

    /// Where each entry passing `filter` goes on a page (``TimelineRow/places(in:)``),
    /// worked out once per change and filter for every connection.
    func places(filter: String) -> [Int: (in: Int?, foldedInto: Int?)] {
        let head = TimelineHead(viewer.timeline)
        if placesOf?.head != head { placesOf = (head, [:]) }
        if let places = placesOf?.byFilter[filter] { return places }
        let places = TimelineRow.places(in: TimelineRow.rows(of: viewer.timeline.entries.filter { $0.matches(filter) }))
        // A few filters are open at once; any more, and the oldest are worked out again.
        if placesOf?.byFilter.count ?? 0 >= 16 { placesOf?.byFilter.removeAll() }
        placesOf?.byFilter[filter] = places
        return places
    }

    @ObservationIgnored private var placesOf: (head: TimelineHead, byFilter: [String: [Int: (in: Int?, foldedInto: Int?)]])?

    /// `entry` as the live connections send it, rendered once for them all,
    /// with where it goes on the page (`place`).
    func html(
        of entry: TimelineEntry, place: (in: Int?, foldedInto: Int?)?, current: Int?, filter: String, key: String, renderer: PageRenderer
    ) async -> String {
        let name = "\(entry.id) \(entry.id == current) \(filter) \(place.map { "\($0.in ?? 0) \($0.foldedInto ?? 0)" } ?? "")"
        if let rendering = rendered[name] { return await rendering.value }
        var new = TimelineFields.Entry(entry, current: current, selection: nil, canRewind: true)
        (new.inAction, new.foldedInto) = (place?.in, place?.foldedInto)
        let fields = NewTimelineEntries(entries: [new], key: key, filter: filter)
        let rendering = Task { await renderer.render("timeline-new", fields) }
        // Only the newest entries are asked for: a small cache is enough.
        if rendered.count >= 256 { rendered.removeAll() }
        rendered[name] = rendering
        return await rendering.value
    }
}
