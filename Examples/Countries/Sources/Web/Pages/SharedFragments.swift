import Mustache

/// Fragments rendered once for every tab that shows the same content.
///
/// Fifty tabs showing the list show the same 250 rows; only the tab's id in
/// each row's link differs. The fragment's template writes the literal marker
/// ``tabMarker`` where the id goes, the fragment is rendered once per distinct
/// context, and each tab gets a copy with its id filled in. The marker holds
/// a `<`, which no rendered value can hold (values are HTML-escaped), so only
/// the template's own markers are replaced.
@MainActor
final class SharedFragments {
    /// What a template writes where the tab's id goes.
    static let tabMarker = "<keel-tab>"

    private let library: MustacheLibrary
    /// The last context rendered with each template, and the result cut at
    /// the markers.
    private var last: [String: (context: any Sendable, pieces: [Substring])] = [:]

    init(library: MustacheLibrary) {
        self.library = library
    }

    /// `template` rendered with `context`, for the tab `tab`.
    func render<Context: Equatable & Sendable>(_ template: String, _ context: Context, tab: String) -> String {
        let pieces: [Substring]
        if let cached = last[template], let previous = cached.context as? Context, previous == context {
            pieces = cached.pieces
        } else {
            // The templates were checked at start; a missing one is a bug in this target.
            let html = library.render(context, withTemplate: template) ?? "<p>The fragment \(template) is missing.</p>"
            pieces = html.split(separator: Self.tabMarker, omittingEmptySubsequences: false)
            last[template] = (context, pieces)
        }
        return pieces.joined(separator: tab)
    }
}
