import Mustache

/// Fragments rendered once for every tab that shows the same content.
///
/// Fifty tabs showing a list show the same rows; only the tab's id in
/// each row's link, and the tab's token in its forms, differ. A shared
/// fragment's template writes the literal markers ``tabMarker`` and
/// ``tokenMarker`` where they go; the fragment is rendered once per distinct
/// context, and each tab's page gets a copy with its own id and token
/// filled in. A live connection sends the fragment with its markers
/// (``event(_:_:in:)``): one event, encoded once, for every tab, which the
/// page's script fills in.
/// The markers hold a `<`, which no rendered value can hold (values are
/// HTML-escaped), so only the template's own markers are replaced.
///
/// They are the one way a template names its tab's credentials, in a shared
/// fragment as in a page of one tab: a page is rendered with
/// `PageRenderer.render(_:_:tab:token:)`, which fills them in the same way,
/// so a template moves between the two without a change.
///
/// Each template keeps its last few contexts (``capacity``), so that tabs
/// showing a few different things (a few countries) share theirs too.
@MainActor
public final class SharedFragments {
    /// What a template writes where the tab's id goes.
    public nonisolated static let tabMarker = "<keel-tab>"
    /// What a template writes where the tab's token goes.
    public nonisolated static let tokenMarker = "<keel-token>"

    /// How many contexts each template keeps rendered.
    public nonisolated static let capacity = 8

    /// A rendered fragment, cut at its markers.
    private enum Piece: Sendable {
        case text(Substring)
        case tab
        case token
    }

    private let library: MustacheLibrary
    /// A context rendered, and the result.
    private struct Entry {
        let context: any Sendable
        let html: String
        let pieces: [Piece]
        let length: Int
        /// Its live events, by the element they replace, encoded when first asked for.
        var events: [String: SharedEvent] = [:]
    }

    /// The last contexts rendered with each template, the most recent first.
    private var recent: [String: [Entry]] = [:]

    /// How many times a template was rendered (a context found rendered is not).
    public private(set) var renderCount = 0

    /// Fragments of the templates of `library`.
    public init(library: MustacheLibrary) {
        self.library = library
    }

    /// `template` rendered with `context`, for the tab `tab` whose token is `token`.
    public func render<Context: Equatable & Sendable>(_ template: String, _ context: Context, tab: String, token: String) -> String {
        let entry = entry(template, context)
        return Self.assemble(entry.pieces, length: entry.length, tab: tab, token: token)
    }

    /// `template` rendered with `context`, its markers left in: for a part
    /// of a larger fragment or page, whose markers are filled in with it.
    public func render<Context: Equatable & Sendable>(_ template: String, _ context: Context) -> String {
        entry(template, context).html
    }

    /// The live event showing `template` rendered with `context` in the
    /// element `target`, rendered and encoded once for every tab that shows
    /// it: its markers are left in, for the page's script to fill in with
    /// its tab's credentials (``SharedEvent/fragment(_:in:)``).
    public func event<Context: Equatable & Sendable>(_ template: String, _ context: Context, in target: String) -> SharedEvent {
        var entry = entry(template, context)
        if let event = entry.events[target] { return event }
        let event = SharedEvent.fragment(entry.html, in: target)
        entry.events[target] = event
        // `entry(_:_:)` left it first among the template's recent ones.
        recent[template]?[0] = entry
        return event
    }

    /// The entry of `context` rendered with `template`, rendered now if it is not among the recent ones.
    private func entry<Context: Equatable & Sendable>(_ template: String, _ context: Context) -> Entry {
        var entries = recent[template] ?? []
        let entry: Entry
        if let index = entries.firstIndex(where: { ($0.context as? Context) == context }) {
            entry = entries.remove(at: index)
        } else {
            // The templates were checked at start (``TemplateLibrary``); a missing one is a bug of the app.
            let html = library.render(context, withTemplate: template) ?? "<p>The fragment \(template) is missing.</p>"
            renderCount += 1
            entry = Entry(context: context, html: html, pieces: Self.pieces(of: html), length: html.utf8.count)
            if entries.count >= Self.capacity { entries.removeLast() }
        }
        entries.insert(entry, at: 0)
        recent[template] = entries
        return entry
    }

    /// `html`, a page rendered from a template with markers, for the tab `tab`
    /// whose token is `token` (empty strings for a page of no tab).
    public nonisolated static func fill(_ html: String, tab: String, token: String) -> String {
        assemble(pieces(of: html), length: html.utf8.count, tab: tab, token: token)
    }

    private nonisolated static func assemble(_ pieces: [Piece], length: Int, tab: String, token: String) -> String {
        var result = ""
        result.reserveCapacity(length + 64)
        for piece in pieces {
            switch piece {
            case .text(let text): result += text
            case .tab: result += tab
            case .token: result += token
            }
        }
        return result
    }

    /// `html` cut at its markers. The scan is over a copy of its bytes, by
    /// offset: markers are ASCII, and a page of tens of kilobytes, with a `<`
    /// every few dozen bytes, is searched on every request it is filled for
    /// (profiled: searching the string's view itself, index by index, cost
    /// half a millisecond a page).
    private nonisolated static func pieces(of html: String) -> [Piece] {
        let bytes = Array(html.utf8)
        let tab = Array(tabMarker.utf8), token = Array(tokenMarker.utf8)
        var marks: [(offset: Int, piece: Piece, length: Int)] = []
        var offset = 0
        while offset < bytes.count {
            var step = 1
            // Every marker starts `<keel-`: a tag's second byte rules out all the others.
            if bytes[offset] == UInt8(ascii: "<"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "k") {
                if bytes[offset...].starts(with: tab) {
                    marks.append((offset, .tab, tab.count))
                    step = tab.count
                } else if bytes[offset...].starts(with: token) {
                    marks.append((offset, .token, token.count))
                    step = token.count
                }
            }
            offset += step
        }
        let utf8 = html.utf8
        var pieces: [Piece] = []
        var textStart = utf8.startIndex
        for mark in marks {
            let open = utf8.index(utf8.startIndex, offsetBy: mark.offset)
            pieces.append(.text(html[textStart..<open]))
            pieces.append(mark.piece)
            textStart = utf8.index(open, offsetBy: mark.length)
        }
        pieces.append(.text(html[textStart...]))
        return pieces
    }
}
