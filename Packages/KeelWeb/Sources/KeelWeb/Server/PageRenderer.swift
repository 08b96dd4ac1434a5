import Mustache

/// Renders whole pages off the main actor.
///
/// A page's view models are read on the main actor into a `Sendable` context
/// (a page's fields); the template work, most of what a page
/// costs, then runs on any thread, so that the main actor serves the next
/// request meanwhile and pages render in parallel on every core.
public struct PageRenderer: Sendable {
    /// The templates.
    public let library: MustacheLibrary

    /// A renderer of the templates of `library`.
    public init(library: MustacheLibrary) {
        self.library = library
    }

    /// The page `template` rendered with `context`.
    @concurrent
    public func render<Context: Sendable>(_ template: String, _ context: Context) async -> String {
        // The templates were checked at start (``TemplateLibrary``); a missing one is a bug of the app.
        library.render(context, withTemplate: template) ?? "<p>The page \(template) is missing.</p>"
    }

    /// The page `template` rendered with `context`, its tab markers
    /// (``SharedFragments/tabMarker``, ``SharedFragments/tokenMarker``)
    /// filled with `tab` and `token`.
    @concurrent
    public func render<Context: Sendable>(_ template: String, _ context: Context, tab: String, token: String) async -> String {
        let html = library.render(context, withTemplate: template) ?? "<p>The page \(template) is missing.</p>"
        return SharedFragments.fill(html, tab: tab, token: token)
    }
}
