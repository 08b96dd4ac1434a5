import Mustache

/// Fragments rendered once for every tab that shows the same content.
///
/// Fifty tabs showing a list show the same rows; only the tab's id in
/// each row's link, and the tab's token in its forms, differ. A shared
/// fragment's template writes the literal markers ``tabMarker`` and
/// ``tokenMarker`` where they go; the fragment is rendered once per distinct
/// context, and each tab gets a copy with its own id and token filled in.
/// The markers hold a `<`, which no rendered value can hold (values are
/// HTML-escaped), so only the template's own markers are replaced.
@MainActor
public final class SharedFragments {
    /// What a template writes where the tab's id goes.
    public static let tabMarker = "<keel-tab>"
    /// What a template writes where the tab's token goes.
    public static let tokenMarker = "<keel-token>"

    /// A rendered fragment, cut at its markers.
    private enum Piece {
        case text(Substring)
        case tab
        case token
    }

    private let library: MustacheLibrary
    /// The last context rendered with each template, and the result.
    private var last: [String: (context: any Sendable, pieces: [Piece], length: Int)] = [:]

    /// Fragments of the templates of `library`.
    public init(library: MustacheLibrary) {
        self.library = library
    }

    /// `template` rendered with `context`, for the tab `tab` whose token is `token`.
    public func render<Context: Equatable & Sendable>(_ template: String, _ context: Context, tab: String, token: String) -> String {
        let pieces: [Piece]
        let length: Int
        if let cached = last[template], let previous = cached.context as? Context, previous == context {
            (pieces, length) = (cached.pieces, cached.length)
        } else {
            // The templates were checked at start (``TemplateLibrary``); a missing one is a bug of the app.
            let html = library.render(context, withTemplate: template) ?? "<p>The fragment \(template) is missing.</p>"
            (pieces, length) = (Self.pieces(of: html), html.utf8.count)
            last[template] = (context, pieces, length)
        }
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

    /// `html` cut at its markers.
    private static func pieces(of html: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = html[...]
        while let marker = rest.firstRange(of: "<keel-") {
            pieces.append(.text(rest[..<marker.lowerBound]))
            if rest[marker.lowerBound...].hasPrefix(tabMarker) {
                pieces.append(.tab)
                rest = rest[marker.lowerBound...].dropFirst(tabMarker.count)
            } else if rest[marker.lowerBound...].hasPrefix(tokenMarker) {
                pieces.append(.token)
                rest = rest[marker.lowerBound...].dropFirst(tokenMarker.count)
            } else {
                pieces.append(.text(rest[marker]))
                rest = rest[marker.upperBound...]
            }
        }
        pieces.append(.text(rest))
        return pieces
    }
}
