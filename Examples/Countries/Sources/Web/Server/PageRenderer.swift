import Mustache

/// Renders whole pages off the main actor.
///
/// A page's view models are read on the main actor into a `Sendable` context
/// (``ListPage``, ``DetailsPage``…); the template work, most of what a page
/// costs, then runs on any thread, so that the main actor serves the next
/// request meanwhile and pages render in parallel on every core.
struct PageRenderer: Sendable {
    let library: MustacheLibrary

    /// The page `template` rendered with `context`.
    @concurrent
    func render<Context: Sendable>(_ template: String, _ context: Context) async -> String {
        // The templates were checked at start; a missing one is a bug in this target.
        library.render(context, withTemplate: template) ?? "<p>The page \(template) is missing.</p>"
    }
}
