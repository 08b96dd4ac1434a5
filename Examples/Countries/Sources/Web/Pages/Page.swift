/// What every page knows about its tab: the layout's context.
///
/// The tab's id and token are not in it: the layout writes the markers of
/// ``SharedFragments`` where they go, filled in per tab, so that pages equal
/// but for their tab are rendered once.
struct PageFrame: Sendable, Equatable {
    /// The language of the page (`<html lang>`).
    let language: String
    /// The page's title.
    let title: String
    /// The page kind, for the live connection: `list`, `details` or `settings`.
    let page: String
    /// The country code of a details page, empty otherwise.
    let code: String
    /// Whether the tab's content is hidden (the tab is inactive).
    let hidden: Bool
    /// A message to show at the top, such as why a link could not be opened.
    let message: String?
}
