import KeelWeb

/// A page's context: its frame says the page's language.
protocol FramedPage: Sendable {
    /// The frame around the page.
    var frame: PageFrame { get }
}
